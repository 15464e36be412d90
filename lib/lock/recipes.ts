/**
 * Every lock recipe of MISSION.md, read by its own client's rules: which children belong to
 * it, how the client sorts them, who holds, and what each waiter watches. Pure functions over
 * what the server read from ZooKeeper.
 */
import type { LockMode, LockNode, NodeData, RecipeId, RecipeInfo, WatchSpec, ZnodeStat } from '../protocol';
import { NO_SESSION } from '../zk/ids';
import { childPath } from '../zk/path';
import { parseSequence, type SequenceSuffix } from './sequence';

/** What the server learns of one child: its name, and the stat and data read once. */
export interface ChildRecord {
  name: string;
  stat: ZnodeStat;
  data: NodeData | null;
}

/** The children of one watched parent. */
export interface ParentListing {
  path: string;
  exists: boolean;
  children: ChildRecord[];
}

/** Everything read for one lock. */
export interface LockInput {
  path: string;
  /** The lock path's own stat and data; null while it does not exist. */
  self: { stat: ZnodeStat; data: NodeData | null } | null;
  /** The lock path's children. */
  root: ParentListing;
  /** The other parents the recipe keeps nodes under (see `auxiliaryParents`). */
  auxiliary: ParentListing[];
  /** The recipe recognised before, kept while the queue is momentarily empty. */
  hint: RecipeId | null;
}

/** A node as its recipe places it, before the explorer adds when it took its role. */
export type PlacedNode = Omit<LockNode, 'roleSince'>;

export interface LockAnalysis {
  recipe: RecipeInfo;
  /** In queue order. */
  nodes: PlacedNode[];
}

const RECIPE_NAMES: Record<RecipeId, string> = {
  'curator-mutex': 'Curator InterProcessMutex',
  'curator-rwlock': 'Curator InterProcessReadWriteLock',
  'curator-semaphore': 'Curator InterProcessSemaphoreV2',
  'curator-latch': 'Curator LeaderLatch',
  'kazoo-lock': 'Kazoo Lock',
  'kazoo-rwlock': 'Kazoo ReadLock / WriteLock',
  'kazoo-semaphore': 'Kazoo Semaphore',
  'zk-writelock': "ZooKeeper recipes' WriteLock",
  'go-zookeeper': 'go-zookeeper Lock',
  'menagerie-mutex': 'menagerie ReentrantZkLock',
  'menagerie-rwlock': 'menagerie ReentrantZkReadWriteLock',
  'seed-named': 'Named locks under one root',
  'single-node': 'One ephemeral node per resource',
  generic: 'Sequential nodes',
  unknown: 'No contenders yet',
};

/** The human name of a recipe. */
export function recipeName(id: RecipeId): string {
  return RECIPE_NAMES[id];
}

// What one child name says about the client that created it.
type Kind =
  | 'curator-lock'
  | 'curator-latch'
  | 'curator-read'
  | 'curator-write'
  | 'curator-lease'
  | 'go-lock'
  | 'kazoo-lock'
  | 'kazoo-read'
  | 'zk-write'
  | 'menagerie-lock'
  | 'menagerie-read'
  | 'menagerie-write'
  | 'seed-named'
  | 'sequential'
  | 'kazoo-lease'
  | 'curator-dir'
  | 'plain';

const SEQ = '(?:\\d{10}|-\\d{9,10})';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SEQUENTIAL_KINDS: Array<[Kind, RegExp]> = [
  ['curator-lock', new RegExp(`^_c_${UUID}-lock-${SEQ}$`)],
  ['curator-latch', new RegExp(`^_c_${UUID}-latch-${SEQ}$`)],
  ['curator-read', new RegExp(`^_c_${UUID}-__READ__${SEQ}$`)],
  ['curator-write', new RegExp(`^_c_${UUID}-__WRIT__${SEQ}$`)],
  ['curator-lease', new RegExp(`^_c_${UUID}-lease-${SEQ}$`)],
  ['go-lock', new RegExp(`^_c_[0-9a-f]{32}-lock-${SEQ}$`)],
  ['kazoo-lock', new RegExp(`^[0-9a-f]{32}__lock__${SEQ}$`)],
  ['kazoo-read', new RegExp(`^[0-9a-f]{32}__rlock__${SEQ}$`)],
  ['zk-write', new RegExp(`^x-\\d+-${SEQ}$`)],
  ['menagerie-lock', new RegExp(`^lock-${SEQ}$`)],
  ['menagerie-read', new RegExp(`^readLock-${SEQ}$`)],
  ['menagerie-write', new RegExp(`^writeLock-${SEQ}$`)],
  ['seed-named', new RegExp(`^.+_lock_${SEQ}$`)],
];
const KAZOO_LEASE = /^[0-9a-f]{32}$/;
const CURATOR_DIRS = new Set(['locks', 'leases']);

function kindOf(name: string): Kind {
  for (const [kind, pattern] of SEQUENTIAL_KINDS) if (pattern.test(name)) return kind;
  if (parseSequence(name) !== null) return 'sequential';
  if (KAZOO_LEASE.test(name)) return 'kazoo-lease';
  if (CURATOR_DIRS.has(name)) return 'curator-dir';
  return 'plain';
}

const NON_SEQUENTIAL = new Set<Kind>(['kazoo-lease', 'curator-dir', 'plain']);

function isCuratorSemaphore(names: readonly string[]): boolean {
  return names.length > 0 && names.every((name) => CURATOR_DIRS.has(name));
}

function isKazooSemaphore(names: readonly string[], selfData: NodeData | null): boolean {
  if (names.length > 0) return names.every((name) => KAZOO_LEASE.test(name));
  // Kazoo keeps max_leases as the semaphore path's data, so an empty one is still known.
  return selfData?.text != null && /^\d+$/.test(selfData.text);
}

/** The queue of a Kazoo semaphore lives beside it, at `<path>-__lock__`. */
export function kazooSemaphoreQueue(path: string): string {
  return `${path}-__lock__`;
}

/**
 * The other parents whose children belong to the lock at `path`: Curator's semaphore keeps
 * `locks/` and `leases/` below it, Kazoo's semaphore its queue beside it.
 */
export function auxiliaryParents(path: string, names: readonly string[], selfData: NodeData | null): string[] {
  if (isCuratorSemaphore(names)) return [childPath(path, 'locks'), childPath(path, 'leases')];
  if (isKazooSemaphore(names, selfData)) return [kazooSemaphoreQueue(path)];
  return [];
}

/** Recognises the recipe from the child names of the lock path; mixed layouts fall back to the generic rule. */
export function detectRecipe(
  names: readonly string[],
  selfData: NodeData | null,
  hint: RecipeId | null,
): { id: RecipeId; note: string | null } {
  if (isCuratorSemaphore(names)) return { id: 'curator-semaphore', note: null };
  if (isKazooSemaphore(names, selfData)) return { id: 'kazoo-semaphore', note: null };
  if (names.length === 0) return { id: hint ?? 'unknown', note: null };
  const kinds = new Set(names.map(kindOf));
  const sequential = [...kinds].filter((kind) => !NON_SEQUENTIAL.has(kind));
  if (sequential.length === 0) return { id: 'single-node', note: null };
  const only = (...allowed: Kind[]): boolean => sequential.every((kind) => allowed.includes(kind));
  if (only('curator-lock')) return { id: 'curator-mutex', note: null };
  if (only('curator-latch')) return { id: 'curator-latch', note: null };
  if (only('curator-read', 'curator-write')) return { id: 'curator-rwlock', note: null };
  if (only('go-lock')) return { id: 'go-zookeeper', note: null };
  if (only('kazoo-lock')) return { id: hint === 'kazoo-rwlock' ? 'kazoo-rwlock' : 'kazoo-lock', note: null };
  if (only('kazoo-lock', 'kazoo-read')) return { id: 'kazoo-rwlock', note: null };
  if (only('zk-write')) return { id: 'zk-writelock', note: null };
  if (only('menagerie-lock')) return { id: 'menagerie-mutex', note: null };
  if (only('menagerie-read', 'menagerie-write')) return { id: 'menagerie-rwlock', note: null };
  if (only('seed-named')) return { id: 'seed-named', note: null };
  const note =
    sequential.length > 1
      ? `mixed layouts (${sequential.sort().join(', ')}): read with the generic rule, lowest sequence first`
      : 'unrecognised names: read with the generic rule, lowest sequence first';
  return { id: 'generic', note };
}

interface Entry {
  record: ChildRecord;
  path: string;
  seq: SequenceSuffix;
}

const INT32_OFFSET = 2 ** 31;

/** A sort key that orders signed 32-bit numbers as strings. */
function numericKey(value: number): string {
  return String(value + INT32_OFFSET).padStart(10, '0');
}

function sequencedEntries(listing: ParentListing, accept: (name: string) => boolean): Entry[] {
  const entries: Entry[] = [];
  for (const record of listing.children) {
    if (!accept(record.name)) continue;
    const seq = parseSequence(record.name);
    if (seq !== null) entries.push({ record, path: childPath(listing.path, record.name), seq });
  }
  return entries;
}

function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

interface QueueRules {
  queue: string;
  watch: WatchSpec['type'];
  /** The client's sort key of an entry (the queue and the name are added as tie-breakers). */
  key: (entry: Entry) => string;
  modeOf: (entry: Entry) => LockMode;
  /** Whom a reader waits on: Curator the first writer before it, Kazoo and menagerie the nearest. */
  readerWaitsOn: 'first-writer' | 'nearest-writer';
  /** Key prefix that places this queue among others in one lock. */
  group?: string;
}

function place(entry: Entry, fields: Omit<PlacedNode, 'name' | 'path' | 'sessionId' | 'ephemeral' | 'ctime' | 'mtime' | 'czxid' | 'data'>): PlacedNode {
  const { name, stat, data } = entry.record;
  return {
    name,
    path: entry.path,
    sessionId: stat.ephemeralOwner,
    ephemeral: stat.ephemeralOwner !== NO_SESSION,
    ctime: stat.ctime,
    mtime: stat.mtime,
    czxid: stat.czxid,
    data,
    ...fields,
  };
}

/**
 * One sequential queue under the rules shared by every recipe here: a writer (or a mutex
 * contender) holds when it is first and waits on the node just before it; a reader holds
 * when no writer is before it and otherwise waits on the writer its client picks.
 */
function sequentialQueue(entries: Entry[], rules: QueueRules): PlacedNode[] {
  const keyed = entries.map((entry) => ({ entry, key: `${rules.group ?? ''}${rules.queue}\u0001${rules.key(entry)}\u0001${entry.record.name}` }));
  keyed.sort((a, b) => compareKeys(a.key, b.key));
  let firstWriter: Entry | null = null;
  let nearestWriter: Entry | null = null;
  return keyed.map(({ entry, key }, index) => {
    const mode = rules.modeOf(entry);
    let predecessor: Entry | null;
    if (mode === 'read') {
      predecessor = rules.readerWaitsOn === 'first-writer' ? firstWriter : nearestWriter;
    } else {
      predecessor = index === 0 ? null : (keyed[index - 1]?.entry ?? null);
      firstWriter ??= entry;
      nearestWriter = entry;
    }
    return place(entry, {
      queue: rules.queue,
      sequence: entry.seq.value,
      sortKey: key,
      role: predecessor === null ? 'holder' : 'waiter',
      mode,
      predecessor: predecessor?.record.name ?? null,
      watch: predecessor === null ? null : { type: rules.watch, path: predecessor.path },
    });
  });
}

const byText = (entry: Entry): string => entry.seq.text;
const byValue = (entry: Entry): string => numericKey(entry.seq.value);
const exclusive = (): LockMode => 'exclusive';

// ZooKeeper's ZNodeName reads the number after the last '-', so a wrapped `-000000001` reads as 1.
const byWriteLockNumber = (entry: Entry): string => {
  const name = entry.record.name;
  const cut = name.lastIndexOf('-');
  return `${numericKey(Number.parseInt(name.slice(cut + 1), 10))}\u0001${name.slice(0, cut)}`;
};

function listing(input: LockInput, path: string): ParentListing {
  return input.auxiliary.find((entry) => entry.path === path) ?? { path, exists: false, children: [] };
}

function semaphoreLeases(records: ChildRecord[], parent: string, keyOf: (record: ChildRecord) => string): PlacedNode[] {
  return records
    .map((record) => ({ record, key: `a\u0001${keyOf(record)}\u0001${record.name}` }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ record, key }) =>
      place(
        { record, path: childPath(parent, record.name), seq: parseSequence(record.name) ?? { prefix: record.name, text: '', value: 0 } },
        { queue: '', sequence: parseSequence(record.name)?.value ?? null, sortKey: key, role: 'holder', mode: 'lease', predecessor: null, watch: null },
      ),
    );
}

/** The queue of would-be lease holders: the head waits for a lease with a child watch, the rest on their predecessor. */
function semaphoreQueue(entries: Entry[], leasesParent: string): PlacedNode[] {
  return sequentialQueue(entries, { queue: '', group: 'b', watch: 'data', key: byText, modeOf: () => 'lease', readerWaitsOn: 'nearest-writer' }).map(
    (node) => (node.role === 'holder' ? { ...node, role: 'waiter', watch: { type: 'children', path: leasesParent } } : node),
  );
}

function analyzeCuratorSemaphore(input: LockInput): PlacedNode[] {
  const leasesPath = childPath(input.path, 'leases');
  const leases = semaphoreLeases(listing(input, leasesPath).children, leasesPath, (record) => parseSequence(record.name)?.text ?? '');
  const queue = semaphoreQueue(sequencedEntries(listing(input, childPath(input.path, 'locks')), () => true), leasesPath);
  // The acquirer holds the internal mutex while it checks its new lease against maxLeases.
  const acquirer = queue[0]?.sessionId;
  const last = leases.at(-1);
  if (last !== undefined && acquirer !== undefined && last.sessionId === acquirer) {
    leases[leases.length - 1] = { ...last, role: 'waiter', watch: { type: 'children', path: leasesPath } };
  }
  return [...leases, ...queue];
}

function analyzeKazooSemaphore(input: LockInput): PlacedNode[] {
  const leases = semaphoreLeases(
    input.root.children.filter((record) => KAZOO_LEASE.test(record.name)),
    input.path,
    (record) => record.stat.czxid.slice(2).padStart(16, '0'),
  );
  const queuePath = kazooSemaphoreQueue(input.path);
  const queue = semaphoreQueue(sequencedEntries(listing(input, queuePath), (name) => kindOf(name) === 'kazoo-lock'), input.path);
  return [...leases, ...queue];
}

function analyzeSingleNodes(input: LockInput): PlacedNode[] {
  const locks: PlacedNode[] = [];
  const self = input.self;
  if (self !== null && input.root.children.length === 0 && self.stat.ephemeralOwner !== NO_SESSION) {
    // The lock path is itself the seed's single ephemeral node.
    const name = input.path.slice(input.path.lastIndexOf('/') + 1);
    const entry = { record: { name, stat: self.stat, data: self.data }, path: input.path, seq: { prefix: name, text: '', value: 0 } };
    return [place(entry, { queue: name, sequence: null, sortKey: name, role: 'holder', mode: 'exclusive', predecessor: null, watch: null })];
  }
  for (const record of input.root.children) {
    if (record.stat.numChildren > 0 || kindOf(record.name) === 'curator-dir') continue;
    const entry = { record, path: childPath(input.path, record.name), seq: { prefix: record.name, text: '', value: 0 } };
    locks.push(place(entry, { queue: record.name, sequence: null, sortKey: record.name, role: 'holder', mode: 'exclusive', predecessor: null, watch: null }));
  }
  return locks.sort((a, b) => compareKeys(a.sortKey, b.sortKey));
}

function analyzeSeedNamed(input: LockInput): PlacedNode[] {
  const groups = new Map<string, Entry[]>();
  for (const entry of sequencedEntries(input.root, (name) => kindOf(name) === 'seed-named')) {
    const lockName = entry.seq.prefix.slice(0, -'_lock_'.length);
    groups.set(lockName, [...(groups.get(lockName) ?? []), entry]);
  }
  return [...groups.keys()]
    .sort(compareKeys)
    .flatMap((lockName) =>
      sequentialQueue(groups.get(lockName) ?? [], { queue: lockName, watch: 'exists', key: byText, modeOf: exclusive, readerWaitsOn: 'nearest-writer' }),
    );
}

/** Reads a lock as its recipe's client would. */
export function analyzeLock(input: LockInput): LockAnalysis {
  const names = input.root.children.map((record) => record.name);
  const { id, note } = detectRecipe(names, input.self?.data ?? null, input.hint);
  const recipe = (maxLeases: number | null = null): RecipeInfo => ({ id, name: recipeName(id), note, maxLeases });
  if (!input.root.exists) return { recipe: recipe(), nodes: [] };
  const entries = (accept: (kind: Kind) => boolean): Entry[] => sequencedEntries(input.root, (name) => accept(kindOf(name)));
  const readWhen =
    (readKind: Kind) =>
    (entry: Entry): LockMode =>
      kindOf(entry.record.name) === readKind ? 'read' : 'write';
  switch (id) {
    case 'curator-mutex':
    case 'curator-latch':
      return { recipe: recipe(), nodes: sequentialQueue(entries((kind) => kind === (id === 'curator-mutex' ? 'curator-lock' : 'curator-latch')), { queue: '', watch: 'data', key: byText, modeOf: exclusive, readerWaitsOn: 'first-writer' }) };
    case 'curator-rwlock':
      return {
        recipe: recipe(),
        nodes: sequentialQueue(entries((kind) => kind === 'curator-read' || kind === 'curator-write'), {
          queue: '',
          watch: 'data',
          key: byText,
          modeOf: readWhen('curator-read'),
          readerWaitsOn: 'first-writer',
        }),
      };
    case 'kazoo-lock':
      return { recipe: recipe(), nodes: sequentialQueue(entries((kind) => kind === 'kazoo-lock'), { queue: '', watch: 'data', key: byText, modeOf: exclusive, readerWaitsOn: 'nearest-writer' }) };
    case 'kazoo-rwlock':
      return {
        recipe: recipe(),
        nodes: sequentialQueue(entries((kind) => kind === 'kazoo-lock' || kind === 'kazoo-read'), {
          queue: '',
          watch: 'data',
          key: byText,
          modeOf: readWhen('kazoo-read'),
          readerWaitsOn: 'nearest-writer',
        }),
      };
    case 'zk-writelock':
      return { recipe: recipe(), nodes: sequentialQueue(entries((kind) => kind === 'zk-write'), { queue: '', watch: 'exists', key: byWriteLockNumber, modeOf: exclusive, readerWaitsOn: 'nearest-writer' }) };
    case 'go-zookeeper':
      return { recipe: recipe(), nodes: sequentialQueue(entries((kind) => kind === 'go-lock'), { queue: '', watch: 'data', key: byValue, modeOf: exclusive, readerWaitsOn: 'nearest-writer' }) };
    case 'menagerie-mutex':
      return { recipe: recipe(), nodes: sequentialQueue(entries((kind) => kind === 'menagerie-lock'), { queue: '', watch: 'exists', key: byValue, modeOf: exclusive, readerWaitsOn: 'nearest-writer' }) };
    case 'menagerie-rwlock':
      return {
        recipe: recipe(),
        nodes: sequentialQueue(entries((kind) => kind === 'menagerie-read' || kind === 'menagerie-write'), {
          queue: '',
          watch: 'exists',
          key: byValue,
          modeOf: readWhen('menagerie-read'),
          readerWaitsOn: 'nearest-writer',
        }),
      };
    case 'seed-named':
      return { recipe: recipe(), nodes: analyzeSeedNamed(input) };
    case 'curator-semaphore':
      return { recipe: recipe(), nodes: analyzeCuratorSemaphore(input) };
    case 'kazoo-semaphore': {
      const limit = input.self?.data?.text;
      return { recipe: recipe(limit != null && /^\d+$/.test(limit) ? Number(limit) : null), nodes: analyzeKazooSemaphore(input) };
    }
    case 'single-node':
      return { recipe: recipe(), nodes: analyzeSingleNodes(input) };
    case 'generic':
      return { recipe: recipe(), nodes: sequentialQueue(entries((kind) => !NON_SEQUENTIAL.has(kind)), { queue: '', watch: 'exists', key: byText, modeOf: exclusive, readerWaitsOn: 'nearest-writer' }) };
    case 'unknown': {
      const self = analyzeSingleNodes(input);
      return self.length > 0 ? { recipe: { ...recipe(), id: 'single-node', name: recipeName('single-node') }, nodes: self } : { recipe: recipe(), nodes: [] };
    }
  }
}
