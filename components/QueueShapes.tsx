import { fitPath, formatCount, formatDuration, writtenWidth } from '../lib/view/format';
import { edgePath, placedNode, stubPath, trunkX, type PlacedEdge, type PlacedGroup, type PlacedNode, type PlacedParent, type QueueLayout } from '../lib/view/queue-layout';
import type { Translate } from './language';
import { silentPillWidth } from './NodeCard';

// The frame of a group stands this far outside its cards.
const FRAME_MARGIN = 7;
// A character of the 11 px label face is about 6.6 units wide.
const LABEL_CHARACTER = 6.6;
// The parent's label is in the monospace face at 12 px: a character is 0.6 em.
const MONO_CHARACTER = 7.3;
// A Chinese character beside it is a full 12 px em.
const WIDE_MONO_CHARACTER = 12;

export type EdgeState = 'confirmed' | 'missing' | 'expected';

/** Solid where ZooKeeper reports every watch the edge stands for, dotted red where it misses one, dashed where the recipe only says so. */
export function edgeState(edge: PlacedEdge, layout: QueueLayout): EdgeState {
  const indices = edge.members ?? [edge.fromIndex];
  let confirmed = true;
  for (const index of indices) {
    const seen = layout.queue[index]?.watchConfirmed ?? null;
    if (seen === false) return 'missing';
    if (seen !== true) confirmed = false;
  }
  return confirmed ? 'confirmed' : 'expected';
}

/** The edge's title: who watches what, and whether ZooKeeper says so. */
export function edgeTitle(edge: PlacedEdge, state: EdgeState, t: Translate): string {
  const count = edge.members?.length ?? 1;
  if (edge.bundle === true) return t('edgeHerd', { n: formatCount(count), to: edge.to });
  if (count > 1) return t('edgeGroup', { n: count, to: edge.to });
  return t(state === 'confirmed' ? 'edgeConfirmed' : state === 'missing' ? 'edgeMissing' : 'edgeExpected', { from: edge.from, to: edge.to });
}

/** The edges' arrowheads: one that scales with the edge, one of fixed size for a herd's thick bundle. */
export function EdgeMarkers() {
  return (
    <defs>
      <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
        <path d="M 0 0 L 10 5 L 0 10 z" className="edge-arrow" />
      </marker>
      <marker id="arrow-fixed" viewBox="0 0 10 10" refX="8" refY="5" markerUnits="userSpaceOnUse" markerWidth="14" markerHeight="14" orient="auto-start-reverse">
        <path d="M 0 0 L 10 5 L 0 10 z" className="edge-arrow" />
      </marker>
      <pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="3" height="8" className="hatch-line" />
      </pattern>
    </defs>
  );
}

/** The lock's parent znode above the queue, named with how many watch its children. */
export function ParentBox({ parent, t }: { parent: PlacedParent; t: Translate }) {
  const labelOf = (path: string): string => t(parent.watchers === 1 ? 'parentWatchOne' : 'parentWatch', { path, n: formatCount(parent.watchers) });
  const label = labelOf(parent.path);
  // The path gives way by whole segments: a name cut in its middle reads as another name. Where even the lock's own name
  // leaves no room for the count of watchers, the name is shown alone (the count is in the tooltip and on the lock's page).
  const room = parent.width - 28;
  const withCount = fitPath(parent.path, (path) => writtenWidth(labelOf(path), MONO_CHARACTER, WIDE_MONO_CHARACTER) <= room);
  const shown = withCount.whole ? labelOf(withCount.shown) : fitPath(parent.path, (path) => writtenWidth(path, MONO_CHARACTER, WIDE_MONO_CHARACTER) <= room).shown;
  return (
    <g className="queue-parent" transform={`translate(${parent.x} ${parent.y})`} data-testid="lock-parent" data-path={parent.path} data-watchers={parent.watchers}>
      <title>{label}</title>
      <rect width={parent.width} height={parent.height} rx={parent.height / 2} className="parent-bg" />
      <text x={14} y={parent.height / 2 + 4} className="parent-label">
        {shown}
      </text>
    </g>
  );
}

/** A frame around nodes drawn together, labelled like a fieldset: "3 readers share". */
export function GroupFrame({ group, layout, t }: { group: PlacedGroup; layout: QueueLayout; t: Translate }) {
  const { cardWidth, cardHeight, columnGap, gap, gutter, padding } = layout.options;
  const first = placedNode(layout, group.firstIndex);
  const last = placedNode(layout, group.lastIndex);
  const x = padding + gutter - FRAME_MARGIN;
  const y = first.y - FRAME_MARGIN;
  const width = group.columns * cardWidth + (group.columns - 1) * columnGap + 2 * FRAME_MARGIN;
  const height = last.y + cardHeight - first.y + 2 * FRAME_MARGIN;
  const count = group.lastIndex - group.firstIndex + 1;
  const label = t(group.kind === 'readers' ? 'groupReaders' : 'groupHolders', { n: formatCount(count) });
  const labelWidth = writtenWidth(label, LABEL_CHARACTER, 11) + 16;
  const labelHeight = Math.min(16, gap - 4);
  return (
    <g className={`queue-group is-${group.kind}`} data-testid="queue-group" data-kind={group.kind} data-count={count} aria-hidden="true">
      <rect x={x} y={y} width={width} height={height} rx={14} className="group-frame" />
      <rect x={x + width - labelWidth - 14} y={y - labelHeight / 2} width={labelWidth} height={labelHeight} rx={labelHeight / 2} className="group-label-bg" />
      <text x={x + width - 14 - labelWidth / 2} y={y + 4} textAnchor="middle" className="group-label">
        {label}
      </text>
    </g>
  );
}

interface WatchEdgeProps {
  edge: PlacedEdge;
  layout: QueueLayout;
  t: Translate;
  /** For a herd's bundle: the members drawn now (the stubs of the others are off screen). */
  shownMembers?: readonly PlacedNode[];
  woken?: boolean;
}

/**
 * A watch edge: one path ending on what it watches; for a herd's bundle, a thick trunk with a
 * stub from each member drawn and a badge with their count.
 */
export function WatchEdge({ edge, layout, t, shownMembers, woken = false }: WatchEdgeProps) {
  const state = edgeState(edge, layout);
  const names = edge.bundle === true ? (shownMembers ?? []).map((member) => member.node.name) : (edge.members ?? [edge.fromIndex]).map((index) => layout.queue[index]!.name);
  const count = edge.members?.length ?? 1;
  const path = (
    <path
      d={edgePath(edge, layout.options)}
      className={`watch-edge ${state}${woken ? ' is-woken' : ''}${edge.bundle === true ? ' is-bundle' : ''}`}
      style={edge.bundle === true ? { strokeWidth: Math.min(9, 2 + Math.log2(count)) } : undefined}
      markerEnd={edge.bundle === true ? 'url(#arrow-fixed)' : 'url(#arrow)'}
      data-testid="watch-edge"
      data-from={names.join(' ')}
      data-to={edge.to}
      data-count={count}
      data-confirmed={state}
    >
      <title>{edgeTitle(edge, state, t)}</title>
    </path>
  );
  if (edge.bundle !== true) return path;
  const options = layout.options;
  const badgeY = options.padding + options.header - options.gap / 2;
  const badge = formatCount(count);
  const badgeWidth = badge.length * 7 + 12;
  return (
    <g className="herd-bundle">
      {(shownMembers ?? []).map((member) => (
        <path key={member.node.name} d={stubPath(member, options)} className={`watch-stub ${state}`} aria-hidden="true" />
      ))}
      {path}
      <g transform={`translate(${trunkX(options)} ${badgeY})`} aria-hidden="true" data-testid="herd-count">
        <rect x={-badgeWidth / 2} y={-9} width={badgeWidth} height={18} rx={9} className="herd-badge" />
        <text y={4} textAnchor="middle" className="herd-badge-text">
          {badge}
        </text>
      </g>
    </g>
  );
}

/** A contender that believes it holds while ZooKeeper says otherwise (a GC pause outlived its session). */
export interface Believer {
  id: string;
  sessionId: string | null;
  /** Its node when it last held: gone, or no longer the holder. */
  node: string | null;
  /** The fencing token it would present: its node's czxid. */
  czxid: string | null;
  paused: boolean;
}

/** Whether fencing token `a` is older than `b` (czxids are hex transaction ids). */
function olderToken(a: string, b: string): boolean {
  return BigInt(a) < BigInt(b);
}

/**
 * A contender that believes it holds, drawn beside the real holder with the two fencing tokens
 * compared: a resource that checks tokens refuses the older one.
 */
export function GhostHolder({
  believer,
  holder,
  x,
  y,
  width,
  height,
  t,
}: {
  believer: Believer;
  holder: PlacedNode | null;
  x: number;
  y: number;
  width: number;
  height: number;
  t: Translate;
}) {
  const holderToken = holder?.node.czxid ?? null;
  const fenced = believer.czxid !== null && holderToken !== null && olderToken(believer.czxid, holderToken);
  const verdict =
    believer.czxid === null
      ? t('ghostNoToken')
      : holderToken === null
        ? t('ghostNobody', { token: believer.czxid })
        : t(fenced ? 'ghostFenced' : 'ghostNewer', { token: believer.czxid, holder: holderToken });
  return (
    <g className="ghost-holder" data-testid="ghost-holder" data-contender={believer.id} data-token={believer.czxid ?? ''} data-fenced={fenced}>
      <title>{t('ghostTitle', { id: believer.id, session: believer.sessionId ?? t('noneWord'), verdict })}</title>
      {holder !== null ? <path d={`M${x},${y + height / 2}H${holder.x + width + 4}`} className="ghost-link" markerEnd="url(#arrow)" /> : null}
      <rect x={x} y={y} width={width} height={height} rx={10} className="ghost-bg" />
      <text x={x + 16} y={y + 24} className="ghost-role">
        {`${t('ghostRole')}${believer.paused ? t('ghostPaused') : ''}`}
      </text>
      <text x={x + 16} y={y + 47} className="card-name">
        {believer.node === null ? believer.id : `${believer.id} · ${believer.node.length > 22 ? `…${believer.node.slice(-21)}` : believer.node}`}
      </text>
      <text x={x + 16} y={y + 66} className="ghost-verdict">
        {verdict}
      </text>
    </g>
  );
}

/** How far right of its card a node's outside watchers are drawn, and the room they take. */
export const WATCHER_ROOM = 200;
const WATCHER_CHIPS = 6;

/**
 * Sessions that watch a node but own no node of the lock (a single-node lock's contenders
 * waiting for it to go), drawn as marks beside its card with a count.
 */
export function OutsideWatchers({ sessions, x, y, height, t }: { sessions: readonly string[]; x: number; y: number; height: number; t: Translate }) {
  const shown = sessions.slice(0, WATCHER_CHIPS);
  const middle = y + height / 2;
  return (
    <g className="outside-watchers" data-testid="outside-watchers" data-count={sessions.length}>
      <title>{t(sessions.length === 1 ? 'outsideTitleOne' : 'outsideTitle', { n: formatCount(sessions.length), sessions: sessions.join(', ') })}</title>
      <path d={`M${x + 14 + (shown.length - 1) * 22},${middle - 8}H${x}`} className="watch-stub" markerEnd="url(#arrow)" />
      {shown.map((session, index) => (
        <circle key={session} cx={x + 14 + index * 22} cy={middle - 8} r={8} className="watcher-mark" />
      ))}
      <text x={x + 6} y={middle + 20} className="watcher-count">
        {t(sessions.length === 1 ? 'outsideCountOne' : 'outsideCount', { n: formatCount(sessions.length) })}
      </text>
    </g>
  );
}

/**
 * A card whose owner ZooKeeper keeps without a connection (its client crashed or is cut off):
 * hatched, with the time left until ZooKeeper expires the session and deletes the node, where the
 * card says its age otherwise.
 */
export function SilentOwner({ deadline, now, width, height, t, room }: { deadline: number; now: number; width: number; height: number; t: Translate; room: number }) {
  const left = deadline - now;
  const duration = formatDuration(left, t);
  // "no connection · expires in 12 s" where the line has room for it beside the role, "expires in 12 s" where not (the hatching says the rest).
  const whole = left <= 0 ? t('silentNow') : t('silentIn', { duration });
  const label = silentPillWidth(whole) <= room ? whole : left <= 0 ? t('silentNowShort') : t('silentInShort', { duration });
  const labelWidth = silentPillWidth(label);
  return (
    <g data-testid="silent-owner" data-deadline={deadline} aria-hidden="true">
      <rect width={width} height={height} rx={10} className="card-hatch" />
      {/* In the age's corner (the card leaves it out): the owner's session and client, on the last line, stay readable. */}
      <rect x={width - labelWidth - 8} y={Math.min(8, height - 24)} width={labelWidth} height={18} rx={9} className="card-expiry-bg" />
      <text x={width - 15} y={Math.min(8, height - 24) + 13} textAnchor="end" className="card-expiry">
        {label}
      </text>
    </g>
  );
}
