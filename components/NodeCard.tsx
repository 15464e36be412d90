import type { LockNode } from '../lib/protocol';
import { formatDuration, shortNodeName } from '../lib/view/format';
import type { Translate } from './language';

// A character of the monospace face at 11.5 px is about 7 units wide; the card keeps 30 for its margins.
// A card narrower than this (on a phone) says HOLDS, so that the role and the age do not meet.
const NARROW_CARD = 330;
const metaCharacters = (width: number): number => Math.floor((width - 30) / 7);
/** How many characters of the name line fit: it is drawn larger than the meta line. */
const nameCharacters = (width: number): number => Math.floor((width - 30) / 9);

/** The card's name: the node as its system names it where one does (cut to the card), else its own name, shortened. */
function cardName(node: LockNode, width: number): string {
  if (node.identity === null) return shortNodeName(node.name);
  const room = nameCharacters(width);
  return node.identity.length > room ? `${node.identity.slice(0, room - 1)}…` : node.identity;
}
/** What the "!" of a flagged card takes of its last line (a circle of radius 7, 10 from the corner). */
const FLAG_ROOM = 20;

/** Whether the card names its client from the node's data, ZooKeeper not saying where its session connects from. */
const clientFromData = (node: LockNode): boolean => node.client === null && node.dataClient !== null;

/** Client address, owner session, fencing token and data, cut to fit a card `width` wide: the address first, what an operator looks for (the cut falls on the rest). */
function cardMeta(node: LockNode, t: Translate, width: number): string {
  const fromData = clientFromData(node);
  const client = fromData ? t('kClientFromData', { client: node.dataClient! }) : node.client;
  // The data is not said twice where it is the client named.
  const data = fromData && node.data?.text === node.dataClient ? null : node.data?.text || null;
  const parts = [client, node.ephemeral ? node.sessionId : t('cardPersistent'), `czxid ${node.czxid}`, data];
  const line = parts.filter((part): part is string => part !== null && part !== '').join(' · ');
  const room = metaCharacters(width);
  return line.length > room ? `${line.slice(0, room - 1)}…` : line;
}

export interface NodeCardProps {
  node: LockNode;
  /** A waiter's place among the waiters (1: the next to hold; see `waiterPlaces`). */
  place: number;
  now: number;
  width: number;
  height: number;
  /** One line instead of the full card. */
  compact: boolean;
  t: Translate;
  /** Whether the diagram draws an anomaly's "!" in the card's corner: the last line leaves it room. */
  flagged?: boolean;
  /** Whether the diagram draws the owner's expiry countdown in the age's place (a session without a connection). */
  silent?: boolean;
}

/** HTML's `translate="no"` on an SVG element (React's SVG types do not list the global attribute). */
const NOT_TRANSLATED = { translate: 'no' } as Record<string, string>;

/** A card's mode, where it is not the usual exclusive one. */
const MODE_WORDS = { read: 'modeRead', write: 'modeWrite', lease: 'modeLease' } as const;

/**
 * One node's card, as the page draws it and as an exported picture does: background, the
 * role's accent, role and age, name, and owner. Its look is the diagram's stylesheet
 * (`diagramCss`); the group around it says holder or waiter (`is-holder`, `is-waiter`).
 */
export function NodeCard({ node, place, now, width, height, compact, t, flagged = false, silent = false }: NodeCardProps) {
  const holder = node.role === 'holder';
  return (
    <>
      <rect width={width} height={height} rx={10} className="card-bg" />
      <rect width={6} height={height} rx={3} className="card-accent" />
      {compact ? (
        <text x={16} y={20} className="card-name compact">
          <tspan className="card-role">{holder ? `${t('cardHolds')} ` : `#${place} `}</tspan>
          {cardName(node, width)}
        </text>
      ) : (
        <>
          <text x={20} y={24} className="card-role">
            {holder ? t(width < NARROW_CARD ? 'cardHolds' : node.mode === 'lease' ? 'cardHoldsLease' : 'cardHoldsLock') : t('cardWaiting', { n: place })}
            {/* A lease is said by "holds a lease" already; a waiter for one, or a reader or writer, says its mode. */}
            {node.mode !== 'exclusive' && !(holder && node.mode === 'lease' && width >= NARROW_CARD) ? <tspan className="card-mode">{` · ${t(MODE_WORDS[node.mode])}`}</tspan> : null}
            {node.queue !== '' && node.queue !== node.name ? <tspan className="card-mode">{` · ${node.queue}`}</tspan> : null}
          </text>
          <text x={width - 14} y={24} className="card-age" textAnchor="end">
            {/* ZooKeeper's own nodes (/zookeeper/…) have no creation time: no age is shown for them; nor where the expiry countdown stands. */}
            {silent || (node.ctime <= 0 && node.roleSince === null)
              ? ''
              : holder
                ? node.roleSince === null
                  ? t('cardCreated', { ago: formatDuration(now - node.ctime, t) })
                  : t('cardHeld', { duration: formatDuration(now - node.roleSince, t) })
                : t('cardWaitingFor', { duration: formatDuration(now - node.ctime, t) })}
          </text>
          {/* As its system names it ("broker 3") where one does; the node's own name is in its title and its panel. */}
          <text x={20} y={47} className="card-name">
            {cardName(node, width)}
          </text>
          {/* An address, a session, a zxid and the node's own data: nothing of it is the page's words to translate. */}
          <text x={20} y={66} className="card-meta" {...NOT_TRANSLATED}>
            {clientFromData(node) ? <title>{t('kFromDataTitle', { client: node.dataClient! })}</title> : null}
            {cardMeta(node, t, flagged ? width - FLAG_ROOM : width)}
          </text>
        </>
      )}
    </>
  );
}
