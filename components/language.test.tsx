import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MESSAGES as messages } from '../lib/i18n/messages';
import { richText } from './language';

const render = (text: string, parts: Parameters<typeof richText>[1]): string => renderToStaticMarkup(<p>{richText(text, parts)}</p>);

describe('a message with elements in its places', () => {
  it('puts each element in its place, in the words of either language', () => {
    const parts = { session: <a href="#s">0xa</a>, client: <span> (10.0.0.7)</span>, lock: <code>/l</code>, holder: <code>0xb</code> };
    expect(render(messages.en.stepWaits, parts)).toBe('<p><a href="#s">0xa</a><span> (10.0.0.7)</span> waits in <code>/l</code> for <code>0xb</code></p>');
    expect(render(messages.zh.stepWaits, parts)).toContain('<code>/l</code> 中等待 <code>0xb</code>');
  });

  it('leaves a place empty when its part is null: a session in the files has no client to show', () => {
    const html = render(messages.en.stepWaits, { session: <a href="#s">0xa</a>, client: null, lock: <code>/l</code>, holder: <code>0xb</code> });
    expect(html).toBe('<p><a href="#s">0xa</a> waits in <code>/l</code> for <code>0xb</code></p>');
    expect(html).not.toContain('{client}');
  });

  it('shows a place no part is given for as it is written', () => {
    expect(render('{a} and {b}', { a: 'one' })).toBe('<p>one and {b}</p>');
  });
});
