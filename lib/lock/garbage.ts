/**
 * Lock garbage as plain data and rules: the lock parents left empty (Kazoo's `ensure_path` never
 * removes them, nor did Curator before container nodes), contender nodes a client gave up on
 * while its session lives (every later acquire queues behind them), ephemeral nodes whose session
 * no member knows, and persistent nodes inside a lock. The server feeds it the scan's stats, the
 * locks it follows and ZooKeeper's reports; the clean-up deletes only what is still as it was read.
 */
import type { EmptyParent, GarbageAdvice, GarbageGroup, GarbageSureness, GhostEphemeral, LeakedNode, LockSnapshot, PersistentInLock, RecipeId, CleanupSkip } from '../protocol';
import { parentPath } from '../zk/path';

/** What a stat must say of a node for it to be a lock parent left empty. */
export interface LeafStat {
  ephemeralOwner: string;
  dataLength: number;
  numChildren: number;
  version: number;
  cversion: number;
  pzxid: string;
  mtime: number;
  ctime: number;
}

/** Leaves of one directory read first, to tell whether its leaves are a pile of empty parents. */
const LEAF_SAMPLE = 3;

/**
 * Which of the leaves a scan step listed are read to find empty lock parents, at little more than
 * the scan's own cost: a lone leaf in its directory is not (a data node's place: Kafka's partition
 * `state`, a configuration value), and of a directory's several leaves a sample of three (first,
 * middle, last) is read first: the rest only where one of them is an empty parent, for a pile is
 * one parent per resource name, side by side. A lone empty parent is found once the explorer sees
 * it empty. `split` names the directories listed in more than this step (a long directory's
 * pieces, its short last piece listed first): a leaf alone here may have thousands of siblings.
 */
export function leafSample(leaves: readonly string[], split: (directory: string) => boolean = () => false): { sample: string[]; rest: Map<string, string[]> } {
  const byDirectory = new Map<string, string[]>();
  for (const leaf of leaves) {
    const directory = parentPath(leaf);
    const siblings = byDirectory.get(directory);
    if (siblings === undefined) byDirectory.set(directory, [leaf]);
    else siblings.push(leaf);
  }
  const sample: string[] = [];
  const rest = new Map<string, string[]>();
  for (const [directory, siblings] of byDirectory) {
    if (siblings.length < 2 && !split(directory)) continue;
    const picked = new Set([0, siblings.length >> 1, siblings.length - 1].slice(0, LEAF_SAMPLE).map((index) => siblings[index]!));
    sample.push(...picked);
    const others = siblings.filter((leaf) => !picked.has(leaf));
    if (others.length > 0) rest.set(directory, others);
  }
  return { sample, rest };
}

/** The leaves still to read after the sample: those of the directories where a sampled leaf is an empty parent. */
export function leavesAfterSample(rest: ReadonlyMap<string, readonly string[]>, sampled: ReadonlyMap<string, LeafStat | null>): string[] {
  const pile = new Set<string>();
  for (const [path, stat] of sampled) if (stat !== null && looksEmptyParent(stat)) pile.add(parentPath(path));
  return [...rest].flatMap(([directory, leaves]) => (pile.has(directory) ? leaves : []));
}

/** An empty parent, as kept: the protocol's, with the parent path it is grouped under and when its stat was last read. */
type Kept = EmptyParent & { group: string; readAt: number };

export interface GarbageState {
  /** Lock parents left empty, by path. */
  empty: Map<string, Kept>;
  /** Every lock the explorer followed, with its recipe: what makes an empty parent `seen` and names the recipe that left it. */
  seenLocks: Map<string, RecipeId>;
  /** Paths ZooKeeper's files show were a lock's parent, with its recipe. */
  filesLocks: Map<string, RecipeId>;
  /** Sessions a report showed owning ephemeral nodes that no member knows, since when: a ghost once a second report agrees. */
  ghostSuspects: Map<string, number>;
  ghosts: GhostEphemeral[];
  /** Whether the last report could tell ghosts (the leader's sessions and every member's connections known). */
  ghostsKnown: boolean;
}

export function garbageState(): GarbageState {
  return { empty: new Map(), seenLocks: new Map(), filesLocks: new Map(), ghostSuspects: new Map(), ghosts: [], ghostsKnown: false };
}

const NO_SESSION = '0x0';

/**
 * Whether a node's stat says it is a lock parent left empty: persistent, no data, no children, and
 * children once (cversion > 0). A configuration node that never had children, or a node with data,
 * is not. A container reads the same (ZooKeeper gives clients 0 as a container's ephemeralOwner):
 * an emptied Curator parent looks so until the server reaps it.
 */
export function looksEmptyParent(stat: LeafStat): boolean {
  return stat.ephemeralOwner === NO_SESSION && stat.dataLength === 0 && stat.numChildren === 0 && stat.cversion > 0;
}

function surenessOf(state: GarbageState, path: string): { sure: GarbageSureness; recipe: RecipeId | null } {
  const seen = state.seenLocks.get(path);
  if (seen !== undefined) return { sure: 'seen', recipe: seen };
  const filed = state.filesLocks.get(path);
  if (filed !== undefined) return { sure: 'files', recipe: filed };
  return { sure: 'stat', recipe: null };
}

/** A node's stat was read (by the scan, or after its lock emptied): kept as an empty parent if it is one, else let go. */
export function nodeStatted(state: GarbageState, path: string, stat: LeafStat | null, now: number): void {
  if (stat === null || !looksEmptyParent(stat)) {
    state.empty.delete(path);
    return;
  }
  const { sure, recipe } = surenessOf(state, path);
  const before = state.empty.get(path);
  state.empty.set(path, {
    path,
    group: parentPath(path),
    version: stat.version,
    cversion: stat.cversion,
    pzxid: stat.pzxid,
    changed: Math.max(stat.mtime, stat.ctime),
    sure,
    recipe,
    emptySince: before !== undefined && before.cversion === stat.cversion ? before.emptySince : now,
    readAt: now,
  });
}

/**
 * The empty parents whose stat was last read before `at` (a scan's start): once the scan is over,
 * those it did not read again (a lone parent seen empty, one deleted meanwhile by ZooKeeper's
 * container reaper, zkCli or another explorer) are read again, or they would stay listed for ever.
 */
export function unreadSince(state: GarbageState, at: number): string[] {
  const found: string[] = [];
  for (const kept of state.empty.values()) if (kept.readAt < at) found.push(kept.path);
  return found;
}

/** The explorer follows a lock at `path`: it has contenders (no empty parent), and its recipe is remembered for when it empties. */
export function lockFollowed(state: GarbageState, path: string, recipe: RecipeId): void {
  state.empty.delete(path);
  state.seenLocks.set(path, recipe);
}

/** ZooKeeper's files show `path` was a lock's parent, of `recipe`. */
export function lockInFiles(state: GarbageState, path: string, recipe: RecipeId): void {
  state.filesLocks.set(path, recipe);
  const kept = state.empty.get(path);
  if (kept !== undefined && kept.sure === 'stat') Object.assign(kept, { sure: 'files', recipe });
}

/** A child was created under `path`: no empty parent any more. */
export function childCreated(state: GarbageState, path: string): void {
  state.empty.delete(path);
}

/** `path` was deleted (and everything below it with it). */
export function pathGone(state: GarbageState, path: string): void {
  state.empty.delete(path);
  state.seenLocks.delete(path);
  state.filesLocks.delete(path);
}

/** What stops the pile, by the recipe that left it. */
export function adviceFor(recipe: RecipeId | null): GarbageAdvice {
  if (recipe === null) return 'unknown';
  if (recipe.startsWith('kazoo-')) return 'kazoo';
  if (recipe.startsWith('curator-')) return 'curator';
  if (recipe === 'zk-writelock' || recipe === 'zk-shared-lock') return 'writelock';
  return 'container';
}

/** The recipe most often named among `recipes`, null when none is. */
function mostNamed(recipes: Map<RecipeId, number>): RecipeId | null {
  let best: RecipeId | null = null;
  let most = 0;
  for (const [recipe, count] of recipes) {
    if (count > most) [best, most] = [recipe, count];
  }
  return best;
}

/**
 * The empty parents grouped by their parent path, the largest group first. A group's recipe is
 * the one its parents were seen to follow, else the one its live siblings follow (a pile beside
 * the locks still in use of the same code).
 */
export function garbageGroups(state: GarbageState): GarbageGroup[] {
  const groups = new Map<string, { count: number; oldest: number; newest: number; recipes: Map<RecipeId, number>; sure: Record<GarbageSureness, number> }>();
  for (const kept of state.empty.values()) {
    let group = groups.get(kept.group);
    if (group === undefined) groups.set(kept.group, (group = { count: 0, oldest: kept.changed, newest: kept.changed, recipes: new Map(), sure: { seen: 0, files: 0, stat: 0 } }));
    group.count += 1;
    group.oldest = Math.min(group.oldest, kept.changed);
    group.newest = Math.max(group.newest, kept.changed);
    group.sure[kept.sure] += 1;
    if (kept.recipe !== null) group.recipes.set(kept.recipe, (group.recipes.get(kept.recipe) ?? 0) + 1);
  }
  const siblings = new Map<string, Map<RecipeId, number>>();
  for (const [path, recipe] of state.seenLocks) {
    const group = parentPath(path);
    if (!groups.has(group)) continue;
    const counts = siblings.get(group) ?? new Map<RecipeId, number>();
    counts.set(recipe, (counts.get(recipe) ?? 0) + 1);
    siblings.set(group, counts);
  }
  return [...groups]
    .map(([parent, group]) => {
      const recipe = mostNamed(group.recipes) ?? mostNamed(siblings.get(parent) ?? new Map());
      return { parent, count: group.count, oldest: group.oldest, newest: group.newest, recipe, sure: group.sure, advice: adviceFor(recipe) };
    })
    .sort((a, b) => b.count - a.count || a.parent.localeCompare(b.parent));
}

/** The empty parents of one group (or of all, `group` null), in path order: what a clean-up of it would delete. */
export function emptyParentsOf(state: GarbageState, group: string | null): EmptyParent[] {
  const found: EmptyParent[] = [];
  for (const { group: of, readAt: _read, ...parent } of state.empty.values()) if (group === null || of === group) found.push(parent);
  return byPath(found);
}

/** What a clean-up of `groups` (null: all) deletes, and how many it leaves as emptied less than `minIdleMs` before `now`. */
export function cleanupPlan(state: GarbageState, groups: readonly string[] | null, minIdleMs: number, now: number): { plan: EmptyParent[]; recent: number } {
  const wanted = groups === null ? null : new Set(groups);
  const plan: EmptyParent[] = [];
  let recent = 0;
  for (const { group, readAt: _read, ...parent } of state.empty.values()) {
    if (wanted !== null && !wanted.has(group)) continue;
    if (now - parent.emptySince < minIdleMs) recent += 1;
    else plan.push(parent);
  }
  return { plan: byPath(plan), recent };
}

function byPath(found: EmptyParent[]): EmptyParent[] {
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The `zkCli.sh` commands that delete `parents` as they were read: `-v` makes ZooKeeper refuse one changed since. */
export function zkCliCommands(parents: readonly EmptyParent[]): string {
  return parents.map((parent) => `delete -v ${parent.version} ${parent.path}\n`).join('');
}

/**
 * Whether a planned parent may still go, from its stat read just before the deletion: it must be
 * there, without children or data, and unchanged since the plan (its data version, its child
 * version and its last child change), so that a contender that came meanwhile wins.
 */
export function cleanupVerdict(planned: EmptyParent, now: LeafStat | null): 'delete' | CleanupSkip {
  if (now === null) return 'gone';
  if (now.numChildren > 0) return 'not-empty';
  if (now.dataLength > 0) return 'has-data';
  if (now.version !== planned.version || now.cversion !== planned.cversion || now.pzxid !== planned.pzxid) return 'changed';
  return 'delete';
}

/** What the clean-up's `multi` (a check of the version, then the delete) failing with ZooKeeper's error `code` means. */
export function cleanupFailure(code: string): CleanupSkip {
  switch (code) {
    case 'NO_NODE':
      return 'gone';
    case 'BAD_VERSION':
      return 'changed';
    case 'NOT_EMPTY':
      return 'not-empty';
    case 'NO_AUTH':
      return 'no-auth';
    default:
      return 'failed';
  }
}

/** What the members said of sessions, as the ghosts' rule needs it. */
export interface SessionsReported {
  /** Ephemeral nodes by owner session (`dump`), from every member that gave one. */
  ephemerals: ReadonlyMap<string, readonly string[]>;
  /** The sessions the leader tracks (`dump`'s session sets); null when no leader said. */
  tracked: ReadonlySet<string> | ReadonlyMap<string, number> | null;
  /** The sessions some member holds a connection for (`cons`); null when not every member said. */
  connected: ReadonlySet<string> | ReadonlyMap<string, string> | null;
  at: number;
}

/**
 * A new report, and the ghosts it confirms: an ephemeral node's owner that no member holds a
 * connection for and the leader does not track, in this report and the one before (a session
 * created between the leader's dump and a member's `cons` is in neither for one report). Without
 * the leader's sessions or every member's connections nothing can be told: none is named.
 */
export function ghostsSeen(state: GarbageState, reported: SessionsReported): void {
  const { tracked, connected } = reported;
  state.ghostsKnown = tracked !== null && connected !== null && tracked.size > 0;
  if (!state.ghostsKnown) {
    state.ghostSuspects.clear();
    state.ghosts = [];
    return;
  }
  const suspects = new Map<string, number>();
  const ghosts: GhostEphemeral[] = [];
  for (const [session, paths] of reported.ephemerals) {
    if (paths.length === 0 || tracked!.has(session) || connected!.has(session)) continue;
    const since = state.ghostSuspects.get(session);
    suspects.set(session, since ?? reported.at);
    if (since !== undefined) ghosts.push({ sessionId: session, paths: [...paths].sort(), since });
  }
  state.ghostSuspects = suspects;
  state.ghosts = ghosts.sort((a, b) => a.since - b.since || a.sessionId.localeCompare(b.sessionId));
}

/**
 * The leaked contender nodes of a lock: a waiter that watches nothing (ZooKeeper confirms no watch
 * of it) while its session lives, and any node whose session has a later node in the same queue
 * (its client gave up on this one and queued again: the head of the queue, too). `alive` says
 * whether a session is connected or tracked; a session without a connection (a crashed client) is
 * not a leak: its nodes go when it expires.
 */
export function leakedNodes(lock: LockSnapshot, alive: (session: string) => boolean): LeakedNode[] {
  const last = new Map<string, number>();
  lock.nodes.forEach((node, index) => {
    if (node.ephemeral) last.set(`${node.queue}\0${node.sessionId}`, index);
  });
  const leaked: LeakedNode[] = [];
  const leaders = new Set(lock.holders);
  lock.nodes.forEach((node, index) => {
    if (!node.ephemeral || !alive(node.sessionId)) return;
    const queuedAgain = last.get(`${node.queue}\0${node.sessionId}`)! > index;
    const watchesNothing = node.role === 'waiter' && node.watchConfirmed === false;
    if (!queuedAgain && !watchesNothing) return;
    leaked.push({
      lock: lock.path,
      node: node.name,
      path: node.path,
      czxid: node.czxid,
      sessionId: node.sessionId,
      client: node.client ?? node.dataClient,
      ctime: node.ctime,
      why: queuedAgain ? 'queued-again' : 'watches-nothing',
      leads: leaders.has(node.name),
    });
  });
  return leaked;
}

/** The persistent nodes inside a lock: nothing will remove them. */
export function persistentInLock(lock: LockSnapshot): PersistentInLock[] {
  return lock.nodes.filter((node) => !node.ephemeral).map((node) => ({ lock: lock.path, node: node.name, path: node.path, ctime: node.ctime }));
}
