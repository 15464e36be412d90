import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { recipeName, type Language } from '../lib/i18n/messages';
import type { LockSnapshot } from '../lib/protocol';
import { writtenWidth } from '../lib/view/format';
import { diagramCss, PALETTES, PICTURE_FONTS, type Theme } from '../lib/view/palette';
import { allEdges, DEFAULT_QUEUE_LAYOUT, layoutQueue, placedNode, placedNodes, waiterPlaces, type QueueLayoutOptions } from '../lib/view/queue-layout';
import type { Translate } from './language';
import { NodeCard } from './NodeCard';
import { EdgeMarkers, GroupFrame, ParentBox, WatchEdge } from './QueueShapes';

const CAPTION_HEIGHT = 36;
// The caption's characters at 14 px bold are about 8.5 units wide: the picture is made wide enough for it.
const CAPTION_CHARACTER = 8.5;
/** The most columns a picture has: the page's widest screen holds about as many. */
const PICTURE_COLUMNS = 6;

/**
 * The picture's cards in as many columns as make it about as wide as tall (a slide or a ticket
 * holds that better than a strip): √(n × card height ÷ card width) columns for n nodes.
 */
export function pictureLayout(count: number): QueueLayoutOptions {
  const { cardWidth, cardHeight, gap, columnGap } = DEFAULT_QUEUE_LAYOUT;
  const columns = Math.round(Math.sqrt((count * (cardHeight + gap)) / (cardWidth + columnGap)));
  return { ...DEFAULT_QUEUE_LAYOUT, columns: Math.max(1, Math.min(PICTURE_COLUMNS, columns)) };
}

export interface QueuePictureProps {
  snapshot: LockSnapshot;
  theme: Theme;
  now: number;
  t: Translate;
  /** The caption's language (the recipe's name in it). */
  language: Language;
  /** The moment it shows, in words with its zone (`at 2026-11-25 03:51:50.120 UTC`), after the caption. */
  stamp?: string;
  /** At most this many nodes are drawn (a picture of 10,000 cards helps nobody); the caption says so. */
  limit?: number;
}

/**
 * A standalone picture of a lock's queue: the cards the page draws (`NodeCard`), its edges, and a
 * caption, with the diagram's stylesheet and colours written in so that it looks the same anywhere.
 */
export function QueuePicture({ snapshot, theme, now, t, language, stamp, limit = 500 }: QueuePictureProps) {
  const palette = PALETTES[theme];
  const nodes = snapshot.nodes.slice(0, limit);
  const layout = layoutQueue(nodes, pictureLayout(nodes.length));
  const places = waiterPlaces(nodes);
  const { cardWidth, cardHeight } = layout.options;
  const counts = t('pictureCounts', { holding: snapshot.holders.length, waiting: snapshot.waiters.length });
  const caption = `${snapshot.path} · ${recipeName(language, snapshot.recipe)} · ${counts}${snapshot.nodes.length > limit ? t('pictureFirst', { n: limit }) : ''}${stamp === undefined ? '' : ` · ${stamp}`}`;
  const width = Math.max(layout.width, Math.ceil(writtenWidth(caption, CAPTION_CHARACTER, CAPTION_CHARACTER * 2)) + 32);
  const height = layout.height + CAPTION_HEIGHT;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="queue" width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <style>{diagramCss((name) => palette[name], PICTURE_FONTS)}</style>
      <rect width="100%" height="100%" fill={palette.surface} />
      <EdgeMarkers />
      <text x={16} y={22} fontSize={14} fontWeight={700} fill={palette.text}>
        {caption}
      </text>
      <g transform={`translate(0 ${CAPTION_HEIGHT})`}>
        {layout.parent === null ? null : <ParentBox parent={layout.parent} t={t} />}
        {layout.groups.map((group) => (
          <GroupFrame key={`group-${group.firstIndex}`} group={group} layout={layout} t={t} />
        ))}
        {allEdges(layout).map((edge) => (
          <WatchEdge key={`${edge.from}->${edge.to}`} edge={edge} layout={layout} t={t} shownMembers={edge.bundle === true ? (edge.members ?? []).map((index) => placedNode(layout, index)) : undefined} />
        ))}
        {placedNodes(layout).map(({ node, index, x, y }) => (
          <g key={node.name} className={`node-card ${node.role === 'holder' ? 'is-holder' : 'is-waiter'}`} transform={`translate(${x} ${y})`}>
            <NodeCard node={node} place={places[index]!} now={now} width={cardWidth} height={cardHeight} compact={false} t={t} />
          </g>
        ))}
      </g>
    </svg>
  );
}

/** The picture as the text of an SVG file (in the browser: rendered off screen, then serialised as XML). */
export function queuePictureSvg(props: QueuePictureProps): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(<QueuePicture {...props} />));
  const svg = host.querySelector('svg');
  const text = svg === null ? '' : new XMLSerializer().serializeToString(svg);
  root.unmount();
  return text;
}
