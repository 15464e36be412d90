import type { LockNode } from '../lib/protocol';
import { formatDuration, shortNodeName, writtenWidth } from '../lib/view/format';
import type { Translate } from './language';

// A character of the monospace face at 11.5 px is about 7 units wide; the card keeps 30 for its margins.
// A card narrower than this (on a phone) says HOLDS, so that the role and the age do not meet.
const NARROW_CARD = 330;
const metaCharacters = (width: number): number => Math.floor((width - 30) / 7);
/** A character of the name line (units; it is drawn larger than the meta line), and the card's margins around it. */
const NAME_CHARACTER = 9;
const NAME_MARGINS = 30;
/** How many characters of the name line fit. */
const nameCharacters = (width: number): number => Math.floor((width - NAME_MARGINS) / NAME_CHARACTER);
/** A compact card's one line (13 px): about 8 units a character, 16 before it and 10 after. */
const compactCharacters = (width: number, role: string): number => Math.floor((width - 26 - writtenWidth(role, 8.1, 13)) / 8.1);
/** The one of two roles drawn wider. */
const longerOf = (a: string, b: string): string => (writtenWidth(a, 8.1, 13) >= writtenWidth(b, 8.1, 13) ? a : b);

/**
 * A compact card's name, fitted to what its line leaves after the role: where it is longer (a
 * WriteLock name of a 19-digit session, on a card narrowed for a projector), its start goes and
 * its end stays: the sequence that orders the queue, and before it what tells one client's node
 * from the next (the sessions of one ensemble share their first digits: "x-72060331578…" named every card alike).
 */
function compactName(name: string, room: number): string {
  if (name.length <= room) return name;
  return `…${name.slice(-Math.max(1, room - 1))}`;
}

/** The card's name: the node as its system names it where one does (cut to the card), else its own name, shortened. */
/** How wide a card must be for its name line to hold the node's name as its system gives it ("NameNode nn1 (nn1.example.com:8020)") whole; 0 for a node named by its own name. */
export function identityWidth(node: LockNode): number {
  // The width whose `nameCharacters` is the name's length.
  return node.identity === null ? 0 : node.identity.length * NAME_CHARACTER + NAME_MARGINS + 1;
}

function cardName(node: LockNode, width: number): string {
  if (node.identity === null) return shortNodeName(node.name);
  const room = nameCharacters(width);
  return node.identity.length > room ? `${node.identity.slice(0, room - 1)}…` : node.identity;
}
/** What the "!" of a flagged card takes of its last line (a circle of radius 7, 10 from the corner). */
const FLAG_ROOM = 20;

/** Whether the card names its client from the node's data, ZooKeeper not saying where its session connects from. */
const clientFromData = (node: LockNode): boolean => node.client === null && node.dataClient !== null;

/** The fewest characters of a node's data worth showing cut ("batch-sch…"): less says nothing. */
const DATA_SHOWN_CUT = 8;

/**
 * Client address, owner session, fencing token and data, fitted to a card `width` wide: the
 * address first, what an operator looks for. Each of the first three is shown whole or not at
 * all (a session id or an address cut short names nothing); only the node's data, last, is cut.
 */
export function cardMeta(node: LockNode, t: Translate, width: number): string {
  const fromData = clientFromData(node);
  const client = fromData ? t('kClientFromData', { client: node.dataClient! }) : node.client;
  // The data is not said twice where it is the client named.
  const data = fromData && node.data?.text === node.dataClient ? null : node.data?.text || null;
  const ids = [client, node.ephemeral ? node.sessionId : t('cardPersistent'), `czxid ${node.czxid}`].filter((part): part is string => part !== null && part !== '');
  const room = metaCharacters(width);
  let line = '';
  for (const part of ids) {
    const next = line === '' ? part : `${line} · ${part}`;
    if (next.length > room) break;
    line = next;
  }
  // Not even the first fits (a very narrow card): it is cut, the only way to say anything.
  if (line === '') return ids[0]!.length > room ? `${ids[0]!.slice(0, room - 1)}…` : ids[0]!;
  if (data === null || line.length < ids.join(' · ').length) return line;
  const left = room - line.length - 3;
  if (data.length <= left) return `${line} · ${data}`;
  return left >= DATA_SHOWN_CUT ? `${line} · ${data.slice(0, left - 1)}…` : line;
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

/** The width of the countdown's pill on a card: its words (12 px), and room around them. */
export function silentPillWidth(label: string): number {
  return writtenWidth(label, 6.8, 12) + 14;
}

/** A card's mode, where it is not the usual exclusive one. */
const MODE_WORDS = { read: 'modeRead', write: 'modeWrite', lease: 'modeLease' } as const;

/**
 * The words of a card's role line: the role, then what qualifies it (a mode, a recipe's queue).
 * A holder says HOLDS alone where the line has no room for more (`short`: its owner has no
 * connection and the expiry countdown takes the rest, or the age does).
 */
export function cardRoleWords(node: LockNode, place: number, width: number, t: Translate, short: boolean): [string, ...string[]] {
  const holder = node.role === 'holder';
  short ||= width < NARROW_CARD;
  const role = holder ? t(short ? 'cardHolds' : node.mode === 'lease' ? 'cardHoldsLease' : 'cardHoldsLock') : t('cardWaiting', { n: place });
  const extras: string[] = [];
  // A lease is said by "holds a lease" already; a waiter for one, or a reader or writer, says its mode.
  if (node.mode !== 'exclusive' && !(holder && node.mode === 'lease' && !short)) extras.push(` · ${t(MODE_WORDS[node.mode])}`);
  if (node.queue !== '' && node.queue !== node.name) extras.push(` · ${node.queue}`);
  return [role, ...extras];
}

/** Where a card's role line begins. */
const ROLE_X = 20;

/** What a card's role line leaves free to its right (px): for the age or the expiry countdown that shares it. Its words are 11 px bold capitals, spaced. */
export function roleLineRoom(words: readonly string[], width: number): number {
  return width - ROLE_X - writtenWidth(words.join(''), 8.6, 12);
}

/** A compact card's role, before its name. */
export function compactRoleOf(node: LockNode, place: number, t: Translate): string {
  return node.role === 'holder' ? `${t('cardHolds')} ` : `#${place} `;
}

/**
 * One node's card, as the page draws it and as an exported picture does: background, the
 * role's accent, role and age, name, and owner. Its look is the diagram's stylesheet
 * (`diagramCss`); the group around it says holder or waiter (`is-holder`, `is-waiter`).
 */
export function NodeCard({ node, place, now, width, height, compact, t, flagged = false, silent = false }: NodeCardProps) {
  const holder = node.role === 'holder';
  const compactRole = compactRoleOf(node, place, t);
  // ZooKeeper's own nodes (/zookeeper/…) have no creation time: no age is shown for them; nor where the expiry countdown stands.
  const age =
    silent || (node.ctime <= 0 && node.roleSince === null)
      ? ''
      : holder
        ? node.roleSince === null
          ? t('cardCreated', { ago: formatDuration(now - node.ctime, t) })
          : t('cardHeld', { duration: formatDuration(now - node.roleSince, t) })
        : t('cardWaitingFor', { duration: formatDuration(now - node.ctime, t) });
  const whole = cardRoleWords(node, place, width, t, silent);
  // The role and the age share the first line: where both do not fit ("HOLDS THE LOCK · WRITE" and "created 1 min 12 s ago"), the role says HOLDS.
  const [role, ...extras] = writtenWidth(age, 6.6, 12) + 26 > roleLineRoom(whole, width) ? cardRoleWords(node, place, width, t, true) : whole;
  return (
    <>
      <rect width={width} height={height} rx={10} className="card-bg" />
      <rect width={6} height={height} rx={3} className="card-accent" />
      {compact ? (
        <text x={16} y={20} className="card-name compact">
          <tspan className="card-role">{compactRole}</tspan>
          {/* Where the owner has no connection, the countdown takes the line's end. */}
          {/* Every card's name is fitted to the room the longest role leaves ("HOLDS " against "#3 "), so that the holder's and the waiters' names are cut at one place. */}
          {compactName(cardName(node, width), compactCharacters(width - (silent ? silentPillWidth(t('silentInShort', { duration: '00 s' })) : 0), longerOf(compactRole, `${t('cardHolds')} `)))}
        </text>
      ) : (
        <>
          <text x={ROLE_X} y={24} className="card-role">
            {role}
            {extras.map((words) => (
              <tspan key={words} className="card-mode">
                {words}
              </tspan>
            ))}
          </text>
          <text x={width - 14} y={24} className="card-age" textAnchor="end">
            {age}
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
