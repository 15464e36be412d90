import type { LockSnapshot } from '../protocol';
import { shortNodeName } from './format';
import { edgePath, layoutQueue } from './queue-layout';

/** Colours of an exported picture; it carries them inline, so it looks the same anywhere. */
export interface ExportPalette {
  background: string;
  card: string;
  holderCard: string;
  border: string;
  holder: string;
  waiter: string;
  text: string;
  muted: string;
  edge: string;
}

export const LIGHT_PALETTE: ExportPalette = {
  background: '#ffffff',
  card: '#eef1f5',
  holderCard: '#e3f5ec',
  border: '#d9dee6',
  holder: '#16945a',
  waiter: '#3c6fd1',
  text: '#17202c',
  muted: '#5b6677',
  edge: '#8793a6',
};

export const DARK_PALETTE: ExportPalette = {
  background: '#171e28',
  card: '#1f2834',
  holderCard: '#143528',
  border: '#2c3746',
  holder: '#3ccf8e',
  waiter: '#78a6ff',
  text: '#e6ebf2',
  muted: '#9aa6b8',
  edge: '#6f7d92',
};

/** Escapes text for XML: child names are data, never markup. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

/**
 * A standalone SVG picture of a lock's queue, as the page draws it: the first `limit` nodes
 * (a picture of 10,000 cards helps nobody), with a caption saying what it shows.
 */
export function queueSvg(snapshot: LockSnapshot, palette: ExportPalette = LIGHT_PALETTE, limit = 500): string {
  const nodes = snapshot.nodes.slice(0, limit);
  const layout = layoutQueue(nodes);
  const { cardWidth, cardHeight } = layout.options;
  const caption = 36;
  const height = layout.height + caption;
  const font = "font-family='DejaVu Sans, Noto Sans, sans-serif'";
  const mono = "font-family='DejaVu Sans Mono, monospace'";
  const parts: string[] = [
    `<svg xmlns='http://www.w3.org/2000/svg' width='${layout.width}' height='${height}' viewBox='0 0 ${layout.width} ${height}'>`,
    `<rect width='100%' height='100%' fill='${palette.background}'/>`,
    `<defs><marker id='arrow' viewBox='0 0 10 10' refX='8' refY='5' markerWidth='7' markerHeight='7' orient='auto-start-reverse'><path d='M 0 0 L 10 5 L 0 10 z' fill='${palette.edge}'/></marker></defs>`,
    `<text x='16' y='22' ${font} font-size='14' font-weight='700' fill='${palette.text}'>${escapeXml(snapshot.path)} · ${escapeXml(snapshot.recipe.name)} · ${snapshot.holders.length} holding, ${snapshot.waiters.length} waiting${snapshot.nodes.length > limit ? ` (first ${limit} drawn)` : ''}</text>`,
    `<g transform='translate(0 ${caption})'>`,
  ];
  for (const edge of layout.edges) {
    parts.push(`<path d='${edgePath(edge, layout.options)}' fill='none' stroke='${palette.edge}' stroke-width='1.6' stroke-dasharray='5 4' marker-end='url(#arrow)'/>`);
  }
  for (const { node, index, x, y } of layout.nodes) {
    const holder = node.role === 'holder';
    const accent = holder ? palette.holder : palette.waiter;
    parts.push(
      `<g transform='translate(${x} ${y})'>`,
      `<rect width='${cardWidth}' height='${cardHeight}' rx='10' fill='${holder ? palette.holderCard : palette.card}' stroke='${holder ? palette.holder : palette.border}'/>`,
      `<rect width='6' height='${cardHeight}' rx='3' fill='${accent}'/>`,
      `<text x='20' y='24' ${font} font-size='11' font-weight='700' fill='${accent}'>${holder ? 'HOLDS THE LOCK' : `WAITING · #${index}`}${node.mode !== 'exclusive' ? ` · ${node.mode.toUpperCase()}` : ''}</text>`,
      `<text x='20' y='47' ${mono} font-size='15' font-weight='600' fill='${palette.text}'>${escapeXml(shortNodeName(node.name))}</text>`,
      `<text x='20' y='66' ${mono} font-size='11.5' fill='${palette.muted}'>${node.ephemeral ? `session ${node.sessionId}` : 'persistent node'} · czxid ${node.czxid}</text>`,
      '</g>',
    );
  }
  parts.push('</g></svg>');
  return parts.join('');
}
