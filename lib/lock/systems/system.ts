/**
 * What a system module says of the locks one distributed system keeps in ZooKeeper: where they
 * are, what each is to the system (its role), and how the system names a contender from its
 * node's name and data. Where a lock is, the recipe registry still says how it is read (who
 * holds, who waits on whom); a system only names. Data and pure functions only: the reader
 * (`../reader.ts`) applies them.
 */
import type { NodeData } from '../../protocol';

/** A contender as its system names it: a short name ("broker 3") and what its data says, field by field. */
export interface Identity {
  identity: string;
  decoded: Record<string, string> | null;
}

/** A node as a system module sees it: its name, its data as ZooKeeper holds it, and whether it is ephemeral. */
export interface SystemNode {
  name: string;
  data: NodeData | null;
  ephemeral: boolean;
}

/** What a layout is told of a lock to say whether it is this system's: its path, its recipe, its own node and its contenders. */
export interface SystemEvidence {
  path: string;
  recipeId: string;
  /** The lock path's own node, when it exists. */
  self: SystemNode | null;
  /** The contenders as read, each identified by the layout where it could be. */
  nodes: ReadonlyArray<SystemNode & { identity: string | null; decoded: Record<string, string> | null }>;
  /** The children of another parent the layout reads (see `SystemLayout.auxiliaryParents`); none when it was not read. */
  listing(path: string): ReadonlyArray<SystemNode>;
}

/** One lock of a system: where it is, what it is, how its contenders are named. */
export interface SystemLayout {
  /** Names the layout within its system, e.g. `controller`. */
  id: string;
  /** What the lock is to the system, e.g. "controller election", told from the path (and the holder's data where it says more), in English or Chinese. */
  role: (path: string, holder: Identity | null, language: RoleLanguage) => string;
  /** Whether a lock path may be this layout's, from the path alone (a regular expression over the whole path, chroot allowed). */
  path: RegExp;
  /** The recipes such a lock is read as; read as another, it is not this layout. */
  recipes: readonly string[];
  /**
   * The lock is the node at the path itself, a single ephemeral node at this fixed name whose
   * siblings are no lock (Kafka's `controller`, HBase's `master`): the discovery follows it.
   */
  selfLock?: string;
  /** How the system names a contender, from its node; null where the node says nothing the system's format reads. */
  identify?: (node: SystemNode) => Identity | null;
  /**
   * Whether what was read proves the lock this system's. Absent: the path and the recipe prove it
   * (a name no other system uses). A layout whose path is common (`…/controller`) proves it from
   * the data; unproven, the system is only listed among the candidates.
   */
  proves?: (evidence: SystemEvidence) => boolean;
  /**
   * Its holders hold for as long as they lead or live (an election's leader, a registered
   * member): holding for hours is its normal state, and no holder is called stale.
   */
  longHolds?: boolean;
  /**
   * The nodes are the system's but make no lock: a notification queue (Kafka's `isr_change_`
   * nodes), a service's registered instances (Curator's service discovery). Such a parent looks
   * like a lock (sequential names, or every child an ephemeral leaf) and may change many times a
   * second: once its reading proves it this layout, the discovery stops following it.
   */
  notALock?: boolean;
  /** Other parents whose children the system keeps beside the lock (Solr's `leader` node, Hadoop's `ActiveBreadCrumb`). */
  auxiliaryParents?: (path: string) => string[];
  /** What those say beside the queue (the leader a sibling node names, the last active the breadcrumb records), as a kind and its values; null when nothing. */
  note?: (evidence: SystemEvidence) => SystemNote | null;
  /** A note of `note`'s in `language`: the server sends the kind and values, the page says them. */
  sayNote?: (note: SystemNote, language: RoleLanguage) => string;
}

/** What a system's nodes beside a lock say of it: a kind of the layout's and the names it needs. */
export interface SystemNote {
  kind: string;
  values: Record<string, string>;
}

/** One system: its name, the sources its layouts were written from, and its layouts. */
export interface LockSystem {
  id: string;
  /** The system's own name, e.g. "Apache Kafka (ZooKeeper mode)". */
  name: string;
  /** The files of the system's published source that each layout follows. */
  sources: readonly string[];
  layouts: readonly SystemLayout[];
}

/** The languages a role is said in: the page's. */
export type RoleLanguage = 'en' | 'zh';

/** The text of `language`. */
export function say(language: RoleLanguage, en: string, zh: string): string {
  return language === 'zh' ? zh : en;
}

/** Declares a system. */
export function defineSystem(system: LockSystem): LockSystem {
  return system;
}

/** A path pattern: `tail` (a regular expression source of the last segments) below any chroot. */
export function pathEnding(tail: string): RegExp {
  return new RegExp(`^(?:/[^/]+)*/${tail}$`);
}

/** The path's segments, without the empty one before the first slash. */
export function segments(path: string): string[] {
  return path.split('/').slice(1);
}

// ---- data ----

/** The data as text, when it is text. */
export function textOf(data: NodeData | null): string | null {
  return data?.text ?? null;
}

/** The data as a JSON object, when it is one. */
export function jsonOf(data: NodeData | null): Record<string, unknown> | null {
  const text = textOf(data);
  if (text === null || !text.trimStart().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A JSON value shown as a field: strings as they are, numbers and booleans written, the rest as JSON. */
export function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields of a decoded record that are there, in order, as text. */
export function fields(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of entries) if (value !== undefined && value !== null) out[key] = shown(value);
  return out;
}

/**
 * A time the system wrote (ms since the epoch) as ISO 8601 in UTC, computed (the model reads no
 * clock and uses no Date): Howard Hinnant's days-to-civil algorithm.
 */
export function isoTime(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  const inDay = ms - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const two = (n: number): string => String(n).padStart(2, '0');
  const time = `${two(Math.floor(inDay / 3_600_000))}:${two(Math.floor(inDay / 60_000) % 60)}:${two(Math.floor(inDay / 1000) % 60)}.${String(inDay % 1000).padStart(3, '0')}`;
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${time}Z`;
}

/** A time field: the ISO time of a positive number of ms (or of a string of one), else as written. */
export function timeField(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isFinite(ms) && ms > 0) return isoTime(ms);
  return value === undefined || value === null ? undefined : shown(value);
}

// ---- the protocol buffers wire format, for the systems that store protobuf (Hadoop, HBase) ----

/** One field of a protobuf message: varints as bigint, length-delimited fields as bytes, fixed ones as bigint. */
export type ProtoValue = bigint | Uint8Array;

/**
 * Reads a protobuf message's fields by number (the last of a repeated number wins, as proto2's
 * optional fields do). Null when the bytes are no well-formed message: an unknown wire type, a
 * field past the end, a zero field number.
 */
export function readProto(bytes: Uint8Array): Map<number, ProtoValue> | null {
  const out = new Map<number, ProtoValue>();
  let at = 0;
  const varint = (): bigint | null => {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (at >= bytes.length) return null;
      const byte = bytes[at]!;
      at += 1;
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    return null;
  };
  const fixed = (size: number): bigint | null => {
    if (at + size > bytes.length) return null;
    let value = 0n;
    for (let i = size - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(bytes[at + i]!);
    at += size;
    return value;
  };
  while (at < bytes.length) {
    const key = varint();
    if (key === null) return null;
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (field === 0) return null;
    let value: ProtoValue | null;
    if (wire === 0) value = varint();
    else if (wire === 1) value = fixed(8);
    else if (wire === 5) value = fixed(4);
    else if (wire === 2) {
      const length = varint();
      if (length === null || at + Number(length) > bytes.length) return null;
      value = bytes.subarray(at, at + Number(length));
      at += Number(length);
    } else return null;
    if (value === null) return null;
    out.set(field, value);
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A string field (UTF-8), when it is one. */
export function protoString(message: Map<number, ProtoValue>, field: number): string | null {
  const value = message.get(field);
  if (!(value instanceof Uint8Array)) return null;
  try {
    return utf8.decode(value);
  } catch {
    return null;
  }
}

/** A varint field as a number (int32, uint32, int64 within 2^53, bool as 0/1), when it is one. */
export function protoNumber(message: Map<number, ProtoValue>, field: number): number | null {
  const value = message.get(field);
  if (typeof value !== 'bigint') return null;
  // int32 and int64 negatives are written as 64-bit two's complement.
  return Number(BigInt.asIntN(64, value));
}

/** A nested message field, when it is one. */
export function protoMessage(message: Map<number, ProtoValue>, field: number): Map<number, ProtoValue> | null {
  const value = message.get(field);
  return value instanceof Uint8Array ? readProto(value) : null;
}
