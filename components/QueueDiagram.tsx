'use client';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LockNode } from '../lib/protocol';
import { formatCount, formatDuration, shortNodeName } from '../lib/view/format';
import { departures, wakeTrails, type Trail, type Wake } from '../lib/view/pulses';
import { useLanguage } from './language';
import { outsideWatchers } from '../lib/view/watch-verdict';
import { cardRoleWords, identityWidth, NodeCard, roleLineRoom } from './NodeCard';
import { MINIMAP_ROOM, QueueMinimap } from './QueueMinimap';
import { PHONE } from './phone';
import { EdgeMarkers, GhostHolder, GroupFrame, OutsideWatchers, ParentBox, SilentOwner, WATCHER_ROOM, WatchEdge, type Believer } from './QueueShapes';
import {
  columnsFor,
  widerRows,
  MAX_CARD_WIDTH,
  COMPACT_QUEUE_LAYOUT,
  MARKS_QUEUE_LAYOUT,
  DEFAULT_QUEUE_LAYOUT,
  edgesInRows,
  inBundle,
  layoutQueue,
  nodesInRows,
  placedNode,
  rowTop,
  visibleRows,
  waiterPlaces,
  type PlacedNode,
  type QueueLayout,
  type QueueLayoutOptions,
} from '../lib/view/queue-layout';

interface QueueDiagramProps {
  nodes: readonly LockNode[];
  /** The current time, for the ticking ages. */
  now: number;
  selected: string | null;
  onSelect: (name: string) => void;
  /** Nodes a deletion just woke: they pulse, one for a chained lock, all of them for a herd. */
  woken: ReadonlySet<string>;
  /** What the last deletions woke: a notification runs along each woken watcher's edge. */
  wakes: readonly Wake[];
  /** The drawing's scale (1 is 100%). */
  zoom: number;
  /** Above 100 %, the scale comes down (to 100 % at most) until the whole queue fits the frame's height: a projector shows it whole rather than a scroll box. */
  fitHeight?: boolean;
  /** One line per node instead of a card. */
  compact: boolean;
  /** Sessions watching each node without a node of their own (`outsideWatchers`), when the page has them already. */
  outside?: ReadonlyMap<string, readonly string[]>;
  /** Zoomed all the way out: each node a mark in its state's colour, no text, only a herd's bundle drawn (the order is the chain). */
  marks?: boolean;
  /** The frame ends at the bottom of the window (at least MIN_FRAME and MOST_OF_WINDOW of it tall), so that the page and the queue do not both scroll to show it where it can; on a phone it is as tall as the queue, and the page scrolls it. */
  fitWindow?: boolean;
  /** Nodes an anomaly names, marked on their cards. */
  flagged: ReadonlySet<string>;
  /** Contenders that believe they hold while ZooKeeper says otherwise: drawn beside the holder. */
  believers?: readonly Believer[];
  /** Sessions ZooKeeper keeps without a connection (crashed clients), with when it expires them: their cards are hatched, with a countdown. */
  silent?: ReadonlyMap<string, number>;
}

const NOBODY_SILENT: ReadonlyMap<string, number> = new Map();

const NO_BELIEVERS: readonly Believer[] = [];

// The shortest a fitted frame gets: three cards.
const MIN_FRAME = 300;
/** The least share of the window's height the frame takes, wherever it begins. */
const MOST_OF_WINDOW = 0.7;

/** How many of the queue's cards are not wholly above `bottom` (in the layout's units). */
function cardsBelow(layout: QueueLayout, bottom: number): number {
  let hidden = 0;
  for (const row of layout.rowOf) if (rowTop(row, layout.options) + layout.options.cardHeight > bottom + 1) hidden += 1;
  return hidden;
}

/** Whether the page scrolls the queue rather than its frame: on a phone, for a frame that fits the window. */
function pageScrolls(fitWindow: boolean): boolean {
  return fitWindow && window.matchMedia(PHONE).matches;
}

/** The most marks side by side at the lowest zoom. */
const MARK_COLUMNS = 12;

// How long a leaving card and a running notification stay on screen; the CSS animations match.
const MOTION_MS = 950;

/** On a narrow screen (a phone) the gutter and the cards shrink, down to a card of 250 units, so that a card is not cut. */
const NARROW_GUTTER = 56;
const NARROWEST_CARD = 250;
function fitted(options: QueueLayoutOptions, width: number): QueueLayoutOptions {
  const room = width - 2 * options.padding - options.gutter;
  if (room >= options.cardWidth) return options;
  // 4 units for the frame's border.
  return { ...options, gutter: NARROW_GUTTER, cardWidth: Math.max(NARROWEST_CARD, Math.floor(width - 2 * options.padding - NARROW_GUTTER - 4)) };
}

/** The sizes of the drawing in `width` pixels at `zoom`: cards narrow a little where that fits one more column, and on a phone to the screen; as marks, many more fit side by side (a chain of thousands snakes across the screen). `narrowed`: compact cards this wide, so that a queue fits its frame's height (see `fittedSize`). */
function sized(width: number, zoom: number, marks: boolean, compact: boolean, named = 0, narrowed = 0): QueueLayoutOptions {
  const room = Math.floor(width / zoom);
  if (compact && narrowed > 0) {
    const options = { ...fitted(COMPACT_QUEUE_LAYOUT, room), cardWidth: narrowed };
    return { ...options, columns: columnsFor(room, options) };
  }
  let base = marks ? MARKS_QUEUE_LAYOUT : widerRows(fitted(compact ? COMPACT_QUEUE_LAYOUT : DEFAULT_QUEUE_LAYOUT, room), room);
  // A card as wide as its system's name for the node needs, where the row has the room (up to the widest card): "NameNode nn1 (nn1.example.com:8020)", not "…:8…".
  if (!marks && !compact && named > base.cardWidth) base = { ...base, cardWidth: Math.max(base.cardWidth, Math.min(named, MAX_CARD_WIDTH, room - 2 * base.padding - base.gutter - 4)) };
  return { ...base, columns: columnsFor(room, base, marks ? MARK_COLUMNS : undefined) };
}

/** The queues whose cards are widened for their names: a system's few nodes (a leader and its standbys), not a long queue. */
const NAMED_NODES_WIDENED = 12;

/** The width the longest name a system gives a node of `nodes` needs on a card (0: none, or too many nodes to widen for). */
function namedWidth(nodes: readonly LockNode[]): number {
  if (nodes.length > NAMED_NODES_WIDENED) return 0;
  let widest = 0;
  for (const node of nodes) widest = Math.max(widest, identityWidth(node));
  return widest;
}

/** The width (pixels at `zoom`) that the narrowest card needs, with its gutter and padding. */
function narrowestWidth(options: QueueLayoutOptions, zoom: number): number {
  return (2 * options.padding + Math.min(options.gutter, NARROW_GUTTER) + Math.min(options.cardWidth, NARROWEST_CARD)) * zoom;
}

/**
 * The narrowest a compact card is drawn to fit a queue in its frame's height: its place ("#3",
 * "HOLDS") and the last digits of its sequence, which order the queue (a classroom's 12 on a
 * projector at 1280×720, in two columns of the chain snaking and of the herd, at the presenter's size).
 */
const NARROWEST_COMPACT_CARD = 112;

/**
 * The scale a queue is drawn at and how wide its compact cards are: as asked, or, where the queue
 * must fit the frame's height (`fit`) and at that scale it does not, first compact cards narrowed
 * to one more column at a time (a chain snakes and a herd fills its rows, so that more columns are
 * fewer rows), down to `NARROWEST_COMPACT_CARD`; then a smaller scale, down to 100 % (below that
 * the frame scrolls). `narrowed` 0: cards as `sized` makes them.
 */
function fittedSize(nodes: readonly LockNode[], asked: number, fit: boolean, view: { height: number; width: number }, marks: boolean, compact: boolean, kept = 0): { zoom: number; narrowed: number } {
  if (!fit || asked <= 1) return { zoom: asked, narrowed: 0 };
  // Cards narrowed for a longer queue stay narrow while it shortens and still fits: a queue that widened its cards mid-lesson, from "…006" to "…057033346-0000000005" in one column, jumped on the projector.
  if (kept > 0 && compact && !marks && layoutQueue(nodes, sized(view.width, asked, marks, compact, 0, kept)).height * asked <= view.height) return { zoom: asked, narrowed: kept };
  const first = sized(view.width, asked, marks, compact, namedWidth(nodes));
  const tall = layoutQueue(nodes, first).height * asked;
  if (tall <= view.height) return { zoom: asked, narrowed: 0 };
  // The fewest rows narrower cards make; where narrowing makes none fewer (a queue that does not snake), the cards stay as they were.
  let fewest = { narrowed: 0, height: tall / asked };
  if (compact && !marks) {
    const room = Math.floor(view.width / asked);
    const rowRoom = room - 2 * first.padding - first.gutter - 4 + first.columnGap;
    for (let columns = first.columns + 1; ; columns += 1) {
      const narrowed = Math.floor(rowRoom / columns - first.columnGap);
      if (narrowed < NARROWEST_COMPACT_CARD) break;
      const height = layoutQueue(nodes, sized(view.width, asked, marks, compact, 0, narrowed)).height;
      if (height * asked <= view.height) return { zoom: asked, narrowed };
      if (height < fewest.height) fewest = { narrowed, height };
    }
  }
  return { zoom: Math.max(1, view.height / fewest.height), narrowed: fewest.narrowed };
}

interface Motion {
  layout: QueueLayout;
  /** The drawing's height before the change: kept while cards close up, so that none is cut off. */
  height: number;
  wakes: readonly Wake[];
  leaving: PlacedNode[];
  trails: Trail[];
}

/**
 * The queue as a chain of cards, holder at the top, with an edge from each waiter to the node
 * it watches. The layout is computed in `lib`; React owns every element, and only the rows on
 * screen are drawn, so that 10,000 waiters scroll as smoothly as ten.
 */
export function QueueDiagram({ nodes, now, selected, onSelect, woken, wakes, zoom: asked, compact, flagged, believers = NO_BELIEVERS, silent = NOBODY_SILENT, marks = false, fitWindow = false, fitHeight = false, outside: given }: QueueDiagramProps) {
  const { t } = useLanguage();
  const scroller = useRef<HTMLDivElement>(null);
  const scrollId = useId();
  const focusAfterRender = useRef<string | null>(null);
  // `width`: the scroller's room when there is no minimap (the frame less the scroller's border and scroll bar).
  // `paged`: the page scrolls the queue (a phone), not its frame.
  const [view, setView] = useState({ top: 0, height: 900, width: 900, paged: false });
  // The compact cards' narrowing last chosen, for the frame's width it was chosen for (see `fittedSize`).
  const [kept, setKept] = useState({ width: 0, narrowed: 0 });
  const { zoom, narrowed } = useMemo(() => fittedSize(nodes, asked, fitHeight, view, marks, compact, kept.width === view.width ? kept.narrowed : 0), [nodes, asked, fitHeight, view, marks, compact, kept]);
  // Kept from this render for the next (React's way to remember what a render chose: set during render, redone at once before it is painted).
  if (kept.width !== view.width || kept.narrowed !== narrowed) setKept({ width: view.width, narrowed });
  // Laid out for the room beside a minimap first: a queue more than two screens long keeps that one, with the minimap; a shorter one is laid out again for the whole width. Deciding on one layout keeps the cards from jumping when the minimap comes.
  const named = namedWidth(nodes);
  const beside = useMemo(() => sized(view.width - MINIMAP_ROOM, zoom, marks, compact, named, narrowed), [view.width, zoom, marks, compact, named, narrowed]);
  const whole = useMemo(() => sized(view.width, zoom, marks, compact, named, narrowed), [view.width, zoom, marks, compact, named, narrowed]);
  // On a phone there is no room for a minimap beside the narrowest cards: the page and the frame scroll instead, and only the whole width is laid out.
  const minimapFits = view.width - MINIMAP_ROOM >= narrowestWidth(beside, zoom);
  const besideLayout = useMemo(() => (minimapFits ? layoutQueue(nodes, beside) : null), [minimapFits, nodes, beside]);
  const long = besideLayout !== null && besideLayout.height * zoom > 2 * view.height;
  const wholeLayout = useMemo(() => (besideLayout === null || !long ? layoutQueue(nodes, whole) : null), [besideLayout, long, nodes, whole]);
  const layout = wholeLayout ?? besideLayout!;
  const places = useMemo(() => waiterPlaces(nodes), [nodes]);
  // Sessions that watch a node but own none here (a single-node lock's contenders): drawn beside it.
  const outside = useMemo(() => given ?? outsideWatchers(nodes), [given, nodes]);
  const { cardWidth, cardHeight, gap } = layout.options;

  // Measured before the first paint: a drawing laid out for a guessed width would be painted once and then slide to the real one.
  useLayoutEffect(() => {
    const element = scroller.current;
    const container = element?.parentElement;
    if (!element || !container) return;
    // The room for cards is the frame's, less the scroller's border and scroll bar (and a minimap's, when one is drawn); both are watched.
    // Scrolled to the end (the last card in view), the frame stays there when it gets shorter: a banner that comes above does not push the last card out of view.
    let atEnd = false;
    const update = (): void => {
      const width = container.clientWidth - (element.offsetWidth - element.clientWidth);
      if (pageScrolls(fitWindow)) {
        // The rows in view are those the window shows of the frame.
        setView({ top: Math.max(0, -element.getBoundingClientRect().top), height: window.innerHeight, width, paged: true });
        return;
      }
      atEnd = element.scrollTop > 0 && element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
      setView({ top: element.scrollTop, height: element.clientHeight, width, paged: false });
    };
    // The frame's height: down to the window's bottom edge from where the frame begins in the page. On a phone the frame is
    // as tall as its queue and the page scrolls: a box scrolling inside a scrolling page is hard to move with a thumb.
    const fit = (): void => {
      if (!fitWindow) return;
      if (pageScrolls(fitWindow)) {
        element.style.maxHeight = 'none';
        return;
      }
      // Where what stands above it leaves less than most of the window (a lock page at 1280×800 left 351 px for a herd of
      // 40 cards), the frame is still most of the window tall and reaches below the fold: the page scrolls a little to show it whole.
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.maxHeight = `${Math.max(MIN_FRAME, window.innerHeight - top - 16, Math.round(window.innerHeight * MOST_OF_WINDOW))}px`;
    };
    fit();
    update();
    element.addEventListener('scroll', update, { passive: true });
    const pageScrolled = (): void => {
      if (pageScrolls(fitWindow)) update();
    };
    window.addEventListener('scroll', pageScrolled, { passive: true });
    window.addEventListener('resize', fit);
    // A banner or a strip appearing above moves the frame down: the column it stands in is watched too.
    const resize = new ResizeObserver(() => {
      const wasAtEnd = atEnd;
      fit();
      if (wasAtEnd) element.scrollTop = element.scrollHeight;
      update();
    });
    resize.observe(element);
    resize.observe(container);
    const column = container.parentElement;
    if (fitWindow && column !== null) resize.observe(column);
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('scroll', pageScrolled);
      window.removeEventListener('resize', fit);
      resize.disconnect();
    };
  }, [fitWindow]);

  useEffect(() => {
    const name = focusAfterRender.current;
    if (name === null) return;
    const card = scroller.current?.querySelector<SVGGElement>(`[data-testid="lock-node"][data-name="${CSS.escape(name)}"]`);
    if (card) {
      card.focus();
      focusAfterRender.current = null;
    }
  });

  const rows = visibleRows(layout, view.top / zoom, view.height / zoom);
  // A frame that scrolls with no minimap beside it (a queue of less than two screens) says how many cards it hides below.
  const hiddenBelow = long || view.paged ? 0 : cardsBelow(layout, (view.top + view.height) / zoom);

  // A queue that changes again sooner than its cards can slide has them jump instead: sliding every card of a wide drawing again and again keeps the page repainting. Set before the browser styles the change, so that the slide never starts.
  const drawing = useRef<SVGSVGElement>(null);
  const lastChange = useRef(0);
  useLayoutEffect(() => {
    const at = performance.now();
    drawing.current?.classList.toggle('is-busy', at - lastChange.current < MOTION_MS);
    lastChange.current = at;
  }, [layout]);

  // When the queue changes, the cards that went stay a moment to be seen leaving, and each
  // notification runs from the node that went to the watcher it wakes, in the old drawing.
  const [motion, setMotion] = useState<Motion>({ layout, height: layout.height, wakes, leaving: [], trails: [] });
  if (motion.layout !== layout) {
    const changed = motion.layout.options.columns === layout.options.columns && motion.layout.options.cardHeight === cardHeight;
    const before = visibleRows(motion.layout, view.top / zoom, view.height / zoom);
    setMotion({
      layout,
      height: motion.layout.height,
      wakes,
      leaving: changed ? departures(motion.layout, layout, before) : [],
      trails: changed && wakes !== motion.wakes ? wakeTrails(motion.layout, wakes, before) : [],
    });
  }
  useEffect(() => {
    if (motion.leaving.length === 0 && motion.trails.length === 0) return;
    const timer = setTimeout(() => setMotion((current) => ({ ...current, leaving: [], trails: [] })), MOTION_MS);
    return () => clearTimeout(timer);
  }, [motion.leaving, motion.trails]);

  const scrollToRow = (row: number): void => {
    const element = scroller.current;
    if (element === null) return;
    const top = rowTop(row, layout.options) * zoom;
    const bottom = top + cardHeight * zoom;
    if (top < element.scrollTop) element.scrollTop = top - gap * zoom;
    else if (bottom > element.scrollTop + element.clientHeight) element.scrollTop = bottom + gap * zoom - element.clientHeight;
    // Where the page scrolls (a phone), the page brings the card into the window.
    const frameTop = element.getBoundingClientRect().top - element.scrollTop;
    if (frameTop + top < 0) window.scrollBy({ top: frameTop + top - gap * zoom });
    else if (frameTop + bottom > window.innerHeight) window.scrollBy({ top: frameTop + bottom + gap * zoom - window.innerHeight });
  };

  // A deep link to a node far down the queue scrolls to it once.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    const element = scroller.current;
    if (selected === null || element === null || scrolledTo.current === selected) return;
    const index = layout.queue.findIndex((node) => node.name === selected);
    if (index < 0) return;
    scrolledTo.current = selected;
    const top = rowTop(layout.rowOf[index]!, layout.options) * zoom;
    if (top < element.scrollTop || top + cardHeight * zoom > element.scrollTop + element.clientHeight) element.scrollTop = Math.max(0, top - element.clientHeight / 3);
    // Selected from elsewhere in the page (an alert, an anomaly, the history) with its card out of the window: the page scrolls to it.
    const cardTop = element.getBoundingClientRect().top + top - element.scrollTop;
    if (cardTop < 0 || cardTop + cardHeight * zoom > window.innerHeight) window.scrollBy({ top: cardTop - window.innerHeight / 3 });
  }, [selected, layout, cardHeight, zoom]);

  const moving = motion.leaving.length > 0 || motion.trails.length > 0;
  const height = moving ? Math.max(layout.height, motion.height) : layout.height;
  const shown = nodesInRows(layout, rows);
  // Believers stand right of the holders' row (and of its watchers).
  const holderRow = nodesInRows(layout, { first: 0, last: 0 });
  const ghostLeft =
    layout.options.padding + layout.options.gutter + holderRow.length * (cardWidth + layout.options.columnGap) + (holderRow.some((placed) => outside.has(placed.node.name)) ? WATCHER_ROOM : 0);
  const width = Math.max(layout.width + (outside.size > 0 ? WATCHER_ROOM : 0), believers.length === 0 ? 0 : ghostLeft + believers.length * (cardWidth + layout.options.columnGap) + layout.options.padding);
  // As marks, a chain's links stay (one snaking line) and a herd's bundle; other edges are left out.
  const edges = edgesInRows(layout, rows).filter((edge) => !marks || edge.bundle === true || edge.chain === true);

  const move = (index: number): void => {
    if (index < 0 || index >= layout.queue.length) return;
    const next = placedNode(layout, index);
    onSelect(next.node.name);
    focusAfterRender.current = next.node.name;
    scrollToRow(next.row);
  };

  const jump = (y: number): void => {
    const element = scroller.current;
    if (element === null) return;
    if (pageScrolls(fitWindow)) window.scrollBy({ top: element.getBoundingClientRect().top + y * zoom - window.innerHeight / 2 });
    else element.scrollTop = Math.max(0, y * zoom - element.clientHeight / 2);
  };

  return (
    <div className="diagram-frame">
      <div className="diagram-scroll" ref={scroller} data-testid="queue-scroll" id={scrollId}>
        <svg
          ref={drawing}
          className={`queue${marks ? ' is-marks' : ''}`}
          width={width * zoom}
          height={height * zoom}
          viewBox={`0 0 ${width} ${height}`}
          role="group"
          aria-label={nodes.length === 1 ? t('diagramLabelOne') : t('diagramLabel', { n: nodes.length })}
          data-testid="queue-diagram"
        >
          <EdgeMarkers />
          {layout.parent === null ? null : <ParentBox parent={layout.parent} t={t} />}
          {layout.groups
            .filter((group) => !marks && group.lastRow >= rows.first && group.firstRow <= rows.last)
            .map((group) => (
              <GroupFrame key={`group-${group.firstIndex}`} group={group} layout={layout} t={t} />
            ))}
          <g className="edges">
            {edges.map((edge) => (
              <WatchEdge
                key={`${edge.from}->${edge.to}`}
                edge={edge}
                layout={layout}
                t={t}
                shownMembers={edge.bundle === true ? shown.filter((placed) => inBundle(layout, placed.index)) : undefined}
                woken={woken.has(edge.from) || (edge.bundle === true && shown.some((placed) => woken.has(placed.node.name) && inBundle(layout, placed.index)))}
              />
            ))}
          </g>
          {believers.map((believer, index) => (
            <GhostHolder
              key={believer.id}
              believer={believer}
              holder={holderRow[0]?.node.role === 'holder' ? holderRow[0] : null}
              x={ghostLeft + index * (cardWidth + layout.options.columnGap)}
              y={rowTop(0, layout.options)}
              width={cardWidth}
              height={cardHeight}
              t={t}
            />
          ))}
          {shown.map(({ node, x, y }) => {
            const others = outside.get(node.name);
            return others === undefined || marks ? null : <OutsideWatchers key={`watchers-${node.name}`} sessions={others} x={x + cardWidth + 8} y={y} height={cardHeight} t={t} />;
          })}
          {motion.leaving.map(({ node, x, y }) => (
            <g key={`leaving-${node.name}`} className="node-leaving" style={{ transform: `translate(${x}px, ${y}px)` }} data-testid="leaving-node" data-name={node.name} aria-hidden="true">
              <rect width={cardWidth} height={cardHeight} rx={10} className="card-bg" />
              <text x={compact ? 16 : 20} y={compact ? 20 : 47} className={compact ? 'card-name compact' : 'card-name'}>
                {shortNodeName(node.name)}
              </text>
            </g>
          ))}
          {shown.map(({ node, index, row, column, x, y }) => {
            const holder = node.role === 'holder';
            return (
              <g
                key={node.name}
                className={`node-card ${holder ? 'is-holder' : 'is-waiter'}${selected === node.name ? ' is-selected' : ''}${woken.has(node.name) ? ' is-woken' : ''}`}
                data-woken={woken.has(node.name) ? 'true' : undefined}
                data-flagged={flagged.has(node.name) ? 'true' : undefined}
                style={{ transform: `translate(${x}px, ${y}px)` }}
                data-testid="lock-node"
                data-name={node.name}
                data-role={node.role}
                data-row={row}
                data-column={column}
                tabIndex={0}
                role="button"
                aria-pressed={selected === node.name}
                aria-label={`${holder ? t('nodeHolds', { name: node.name }) : t('nodeWaits', { name: node.name, n: places[index]! })}${
                  node.ephemeral && silent.has(node.sessionId) ? t('silentAria', { duration: formatDuration(Math.max(0, silent.get(node.sessionId)! - now), t) }) : ''
                }`}
                onClick={() => onSelect(node.name)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onSelect(node.name);
                  } else if (['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
                    // The next or the previous in the queue, whether it is drawn below or beside.
                    event.preventDefault();
                    move(index + (event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : -1));
                  } else if (event.key === 'Home' || event.key === 'End') {
                    event.preventDefault();
                    move(event.key === 'Home' ? 0 : layout.queue.length - 1);
                  }
                }}
              >
                <title>{node.name}</title>
                {marks ? (
                  <rect width={cardWidth} height={cardHeight} rx={2} className="card-mark" />
                ) : (
                  <NodeCard node={node} place={places[index]!} now={now} width={cardWidth} height={cardHeight} compact={compact} t={t} flagged={flagged.has(node.name)} silent={node.ephemeral && silent.has(node.sessionId)} />
                )}
                {woken.has(node.name) ? <rect width={cardWidth} height={cardHeight} rx={10} className="card-pulse" /> : null}
                {!marks && node.ephemeral && silent.has(node.sessionId) ? <SilentOwner deadline={silent.get(node.sessionId)!} now={now} width={cardWidth} height={cardHeight} t={t} room={compact ? 0 : roleLineRoom(cardRoleWords(node, places[index]!, cardWidth, t, true), cardWidth) - 18} /> : null}
                {/* A compact card's countdown takes the corner the flag would: it is the anomaly's mark there. */}
                {flagged.has(node.name) && !(compact && node.ephemeral && silent.has(node.sessionId)) ? (
                  <g className="card-flag" transform={`translate(${cardWidth - 10} ${cardHeight - 10})`} aria-hidden="true">
                    <circle r={7} />
                    <text y={4} textAnchor="middle">
                      !
                    </text>
                  </g>
                ) : null}
              </g>
            );
          })}
          {motion.trails.map((trail) => (
            <circle key={trail.key} r={6} className="wake-trail" style={{ offsetPath: `path('${trail.d}')` }} data-testid="wake-trail" data-woken={trail.woken} aria-hidden="true" />
          ))}
        </svg>
      </div>
      {long ? <QueueMinimap layout={layout} top={view.top / zoom} height={view.height / zoom} flagged={flagged} onJump={jump} scrollId={scrollId} /> : null}
      {hiddenBelow > 0 ? (
        <button
          type="button"
          className="queue-more"
          data-testid="queue-more"
          aria-controls={scrollId}
          onClick={() => scroller.current?.scrollBy({ top: Math.max(cardHeight * zoom, scroller.current.clientHeight - cardHeight * zoom), behavior: 'smooth' })}
        >
          {t('queueMoreBelow', { n: formatCount(hiddenBelow) })}
        </button>
      ) : null}
    </div>
  );
}
