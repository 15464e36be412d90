import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { translator } from '../lib/i18n/messages';
import { record, snapshotOf } from '../lib/testing/records';
import { diagramCss, pageThemeCss, PALETTES, PICTURE_FONTS } from '../lib/view/palette';
import { DEFAULT_QUEUE_LAYOUT } from '../lib/view/queue-layout';
import type { Translate } from './language';
import { cardMeta, NodeCard } from './NodeCard';
import { QueuePicture } from './QueuePicture';

const english = translator('en');
const chinese = translator('zh');
const picture = (snapshot: ReturnType<typeof snapshotOf>, options: { theme?: 'light' | 'dark'; t?: Translate; limit?: number; stamp?: string } = {}) =>
  renderToStaticMarkup(<QueuePicture snapshot={snapshot} theme={options.theme ?? 'light'} now={1_700_000_060_000} t={options.t ?? english} language={options.t === chinese ? 'zh' : 'en'} limit={options.limit} stamp={options.stamp} />);

describe('the exported picture', () => {
  const snapshot = snapshotOf('/app/lock', ['lock-0000000000', 'lock-0000000001'].map((name) => record(name)));

  it('draws every node with the card the page draws, its edges and a caption', () => {
    const svg = picture(snapshot);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('/app/lock · Sequential lock (lock-N nodes) · 1 holding, 1 waiting');
    // On a Chinese page, in Chinese: the recipe's name and the counts.
    expect(picture(snapshot, { t: chinese })).toContain('/app/lock · 顺序锁（lock-N 节点） · 1 个持有，1 个等待');
    // Each card is NodeCard's markup, byte for byte.
    for (const [index, node] of snapshot.nodes.entries()) {
      expect(svg).toContain(renderToStaticMarkup(<NodeCard node={node} place={index} now={1_700_000_060_000} width={DEFAULT_QUEUE_LAYOUT.cardWidth} height={DEFAULT_QUEUE_LAYOUT.cardHeight} compact={false} t={english} />));
    }
    expect(svg.match(/HOLDS THE LOCK/g)).toHaveLength(1);
    expect(svg.match(/marker-end="/g)).toHaveLength(1);
  });

  it('says the moment it shows, with its zone, at the end of its caption', () => {
    const stamp = english('pictureAt', { moment: '2026-11-25 03:51:50.120 UTC' });
    expect(picture(snapshot, { stamp })).toContain('/app/lock · Sequential lock (lock-N nodes) · 1 holding, 1 waiting · at 2026-11-25 03:51:50.120 UTC</text>');
    expect(chinese('pictureAt', { moment: 'x' })).toBe('时刻 x');
  });

  it('writes in the palette of its theme, the page stylesheet reading the same palette through variables', () => {
    expect(picture(snapshot, { theme: 'dark' })).toContain(diagramCss((name) => PALETTES.dark[name], PICTURE_FONTS));
    expect(picture(snapshot, { theme: 'light' })).toContain(`fill:${PALETTES.light['holder-soft']}`);
    expect(pageThemeCss()).toContain(`--holder:${PALETTES.dark.holder}`);
    expect(pageThemeCss()).toContain('.is-holder .card-bg{fill:var(--holder-soft)');
  });

  it('says HOLDS alone where the role and the age would meet on a card ("HOLDS THE LOCK · WRITE" against "created 1 min 12 s ago")', () => {
    const [holder] = snapshotOf('/app/lock', [record('lock-0000000000')]).nodes;
    const writer = { ...holder!, mode: 'write' as const, roleSince: null as number | null, ctime: 1_700_000_060_000 - 72_000 };
    const card = (node: typeof writer, now: number): string => renderToStaticMarkup(<NodeCard node={node} place={0} now={now} width={DEFAULT_QUEUE_LAYOUT.cardWidth} height={DEFAULT_QUEUE_LAYOUT.cardHeight} compact={false} t={english} />);
    const old = card(writer, 1_700_000_060_000);
    expect(old).toContain('created 1 min 12 s ago');
    expect(old).not.toContain('HOLDS THE LOCK');
    expect(old).toMatch(/>HOLDS<tspan class="card-mode"> · WRITE</);
    // A short age leaves room for the whole role.
    expect(card({ ...writer, roleSince: 1_700_000_059_000 }, 1_700_000_060_000)).toContain('HOLDS THE LOCK');
  });

  it('writes a card\'s client, session and zxid whole or not at all, and cuts only the node\'s data', () => {
    const [holder] = snapshotOf('/app/lock', [record('lock-0000000000', '0x10001e829510016', 0x2a, 1_700_000_000_000, 'batch-scheduler-7f9c4d-xk2lp')]).nodes;
    const node = { ...holder!, client: '127.0.0.1:41078' };
    // Wide: everything, the data last.
    expect(cardMeta(node, english, 600)).toBe('127.0.0.1:41078 · 0x10001e829510016 · czxid 0x2a · batch-scheduler-7f9c4d-xk2lp');
    // Narrower: the data cut, the ids whole.
    expect(cardMeta(node, english, 470)).toBe('127.0.0.1:41078 · 0x10001e829510016 · czxid 0x2a · batch-sche…');
    // A little less: too little of the data to say anything, so none of it.
    expect(cardMeta(node, english, 420)).toBe('127.0.0.1:41078 · 0x10001e829510016 · czxid 0x2a');
    // A phone's card: the session id whole, the rest left out, no token cut (it was "127.0.0.1:41078 · 0x10001e8295100…").
    expect(cardMeta(node, english, 300)).toBe('127.0.0.1:41078 · 0x10001e829510016');
    expect(cardMeta(node, english, 260)).toBe('127.0.0.1:41078');
  });

  it('speaks the language of the page', () => {
    expect(picture(snapshot, { t: chinese })).toContain(chinese('cardHoldsLock'));
  });

  it('numbers waiters among waiters, however many hold', () => {
    // Two readers hold together; the writer behind them is the first waiter.
    const readers = snapshotOf('/rw', [record(`${'a'.repeat(32)}__rlock__0000000000`), record(`${'b'.repeat(32)}__rlock__0000000001`), record(`${'c'.repeat(32)}__lock__0000000002`)]);
    const svg = picture(readers);
    expect(svg.match(/HOLDS THE LOCK/g)).toHaveLength(2);
    expect(svg).toContain('WAITING · #1');
    expect(svg).not.toContain('#2');
  });

  it('escapes names, so that a child called <script> stays text', () => {
    expect(picture(snapshotOf('/x', [record('<script>alert(1)</script>-0000000000')]))).not.toContain('<script>');
  });

  it('draws at most the limit, says so, and is wide enough for its caption', () => {
    const big = snapshotOf('/big', Array.from({ length: 20 }, (_, i) => record(`lock-${String(i).padStart(10, '0')}`)));
    const svg = picture(big, { limit: 5 });
    expect(svg).toContain('(first 5 drawn)');
    expect(svg.match(/WAITING/g)).toHaveLength(4);
    const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThan('/big · Sequential lock (lock-N nodes) · 1 holding, 19 waiting (first 5 drawn)'.length * 8);
  });

  it('snakes a long chain across columns, about as wide as tall, as the page does', () => {
    const chain = (count: number) => snapshotOf('/chain', Array.from({ length: count }, (_, i) => record(`lock-${String(i).padStart(10, '0')}`)));
    const columnsOf = (svg: string) => new Set([...svg.matchAll(/class="node-card[^"]*" transform="translate\((\d+)/g)].map((match) => match[1])).size;
    const size = (svg: string) => ({ width: Number(/width="(\d+)"/.exec(svg)?.[1]), height: Number(/height="(\d+)"/.exec(svg)?.[1]) });
    // A few nodes stay one column; 16 take two, 100 five, and no picture has more than six.
    expect(columnsOf(picture(chain(5)))).toBe(1);
    expect(columnsOf(picture(chain(16)))).toBe(2);
    expect(columnsOf(picture(chain(100)))).toBe(5);
    expect(columnsOf(picture(chain(500)))).toBe(6);
    const { width, height } = size(picture(chain(16)));
    expect(height / width).toBeGreaterThan(0.7);
    expect(height / width).toBeLessThan(1.4);
    // Every link of the chain is drawn: one edge per waiter.
    expect(picture(chain(16)).match(/marker-end="/g)).toHaveLength(15);
  });
});
