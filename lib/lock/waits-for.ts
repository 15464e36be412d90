/**
 * The waits-for graph across locks: a session waiting in a lock waits for every session that
 * holds it; in a semaphore, for any one of them (a lease that any holder frees will do), so it
 * is stuck only while every holder is. Kept up to date from each lock's changes (never rebuilt by a scan per request), with
 * the deadlocks it contains: cycles of sessions of any length, found as the strongly connected
 * components of the graph.
 */
import type { Deadlock, DeadlockStep, LockNode, WaitsForGraph } from '../protocol';

/** How many sessions hold and wait in one lock, by session. */
interface LockSessions {
  holders: Map<string, number>;
  waiters: Map<string, number>;
}

function bump(counts: Map<string, number>, session: string, by: number): void {
  const next = (counts.get(session) ?? 0) + by;
  if (next <= 0) counts.delete(session);
  else counts.set(session, next);
}

/** A short fingerprint of a deadlock as a lock's anomaly says it (FNV-1a over its JSON, 2 × 32 bits): one text a deadlock, not one per lock it passes through. */
function fingerprint(deadlock: Deadlock): string {
  const text = JSON.stringify(deadlock);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.`;
}

/** Only a node of a live session takes part: a persistent node (owner 0x0) is nobody's. */
function countable(node: LockNode): boolean {
  return node.ephemeral;
}

/** None, as one array: `partsChanged` knows by identity that nothing changed. */
const NO_DEADLOCKS = Object.freeze([]) as unknown as Deadlock[];

/**
 * The graph and its cycles. `apply` takes the nodes a change removed and the nodes it added
 * (an updated node is both), so that a handover at the head of a long queue costs two nodes.
 */
export class WaitsFor {
  private readonly locks = new Map<string, LockSessions>();
  /** For each session, the locks it holds and waits in, with how many nodes. */
  private readonly holds = new Map<string, Map<string, number>>();
  private readonly waits = new Map<string, Map<string, number>>();
  /** Locks whose waiters wait for a lease: any one holder's release lets the next in. */
  private readonly semaphores = new Set<string>();
  private cached: Deadlock[] | null = [];
  /** The sessions that hold somewhere and wait somewhere: a cycle needs two of them (the common case, none, needs no look). */
  private readonly holdingWaiting = new Set<string>();
  /** The deadlocks last told (`partsChanged`), and each lock's part in them then, as fingerprints. */
  private toldFrom: Deadlock[] = [];
  private told = new Map<string, string>();

  constructor(private readonly clientOf: (session: string) => string | null = () => null) {}

  /** Takes one lock's change into account: `gone` are the nodes as they were, `came` as they are now. */
  apply(lock: string, gone: readonly LockNode[], came: readonly LockNode[]): void {
    // Which sessions hold and wait here, before: the cycles are looked for again only if that changed.
    const before = this.membersOf(lock, gone, came);
    for (const node of gone) if (countable(node)) this.count(lock, node.sessionId, node.role, -1);
    for (const node of came) if (countable(node)) this.count(lock, node.sessionId, node.role, 1);
    if (this.membersOf(lock, gone, came) !== before) this.invalidateFor(gone, came);
    if (came.some((node) => node.mode === 'lease') && !this.semaphores.has(lock)) {
      this.semaphores.add(lock);
      this.cached = null;
    }
  }

  /** Whether the session owns an ephemeral node in a lock followed (holding or waiting). */
  owns(session: string): boolean {
    return this.holds.has(session) || this.waits.has(session);
  }

  /** Whether a session owning a node here is neither connected (`connected`, a report's connections) nor in the last dump (`dumped`, its expiries). */
  ownerUnknownTo(connected: ReadonlyMap<string, unknown>, dumped: ReadonlyMap<string, unknown>): boolean {
    for (const owners of [this.holds, this.waits]) for (const session of owners.keys()) if (!connected.has(session) && !dumped.has(session)) return true;
    return false;
  }

  /** Forgets a lock that is no longer followed (or is counted as part of another); whether it was counted. */
  drop(lock: string): boolean {
    const entry = this.locks.get(lock);
    if (entry === undefined) return false;
    for (const [session, n] of [...entry.holders]) this.count(lock, session, 'holder', -n);
    for (const [session, n] of [...entry.waiters]) this.count(lock, session, 'waiter', -n);
    this.semaphores.delete(lock);
    this.cached = null;
    return true;
  }

  /** The client addresses changed (ZooKeeper's report): the deadlocks are named again. */
  invalidate(): void {
    this.cached = null;
  }

  private count(lock: string, session: string, role: LockNode['role'], by: number): void {
    let entry = this.locks.get(lock);
    if (entry === undefined) {
      entry = { holders: new Map(), waiters: new Map() };
      this.locks.set(lock, entry);
    }
    const holder = role === 'holder';
    bump(holder ? entry.holders : entry.waiters, session, by);
    if (entry.holders.size === 0 && entry.waiters.size === 0) this.locks.delete(lock);
    const bySession = holder ? this.holds : this.waits;
    const locks = bySession.get(session) ?? new Map<string, number>();
    bump(locks, lock, by);
    if (locks.size === 0) bySession.delete(session);
    else bySession.set(session, locks);
    if (this.holds.has(session) && this.waits.has(session)) this.holdingWaiting.add(session);
    else this.holdingWaiting.delete(session);
  }

  /**
   * Which of the sessions of `gone` and `came` hold and wait in `lock`, as one string: the edges
   * are between sessions, so a handover from one node of a session to another of the same (one
   * client's queue) changes none.
   */
  private membersOf(lock: string, gone: readonly LockNode[], came: readonly LockNode[]): string {
    const entry = this.locks.get(lock);
    let members = '';
    for (const node of [...gone, ...came]) members += `${entry?.holders.has(node.sessionId) ? 'h' : '-'}${entry?.waiters.has(node.sessionId) ? 'w' : '-'}`;
    return members;
  }

  /** A waiter that comes or goes matters to the cycles only if its session holds somewhere; a holder always. */
  private invalidateFor(gone: readonly LockNode[], came: readonly LockNode[]): void {
    for (const node of [...gone, ...came]) if (countable(node) && (node.role === 'holder' || this.holds.has(node.sessionId))) this.cached = null;
  }

  /**
   * The locks whose part in the deadlocks changed since this was last asked (each lock's
   * anomalies name its deadlocks). Nothing when the deadlocks were not looked for again; each
   * deadlock is fingerprinted once, whatever the number of locks it passes through.
   */
  partsChanged(): string[] {
    const deadlocks = this.deadlocks();
    if (deadlocks === this.toldFrom) return [];
    this.toldFrom = deadlocks;
    const now = new Map<string, string>();
    for (const deadlock of deadlocks) {
      const key = fingerprint(deadlock);
      for (const lock of deadlock.locks) now.set(lock, `${now.get(lock) ?? ''}${key}`);
    }
    const changed = [...new Set([...now.keys(), ...this.told.keys()])].filter((lock) => now.get(lock) !== this.told.get(lock));
    this.told = now;
    return changed;
  }

  /**
   * The sessions each session waits for, with the lock it waits in: only edges that can lie on a
   * cycle. A wait in a semaphore (`free` excepted) counts only while every other holder of it
   * waits too: one that waits for nothing will free a lease.
   */
  private edges(free: ReadonlySet<string>): Map<string, Array<{ holder: string; lock: string }>> {
    const edges = new Map<string, Array<{ holder: string; lock: string }>>();
    // A session on a cycle both holds and waits: only those are followed.
    for (const session of this.holds.keys()) {
      const waitsIn = this.waits.get(session);
      if (waitsIn === undefined) continue;
      const out: Array<{ holder: string; lock: string }> = [];
      for (const lock of [...waitsIn.keys()].sort()) {
        // Holding and waiting in the same lock is re-entry (Curator's read-write lock), not a wait on oneself.
        const holders = [...(this.locks.get(lock)?.holders.keys() ?? [])].sort().filter((holder) => holder !== session);
        if (this.semaphores.has(lock)) {
          if (free.has(`${session}\u0000${lock}`) || !holders.every((holder) => this.waits.has(holder))) continue;
          for (const holder of holders) out.push({ holder, lock });
        } else {
          for (const holder of holders) if (this.waits.has(holder)) out.push({ holder, lock });
        }
      }
      if (out.length > 0) edges.set(session, out);
    }
    return edges;
  }

  /**
   * Every deadlock: one per strongly connected component of more than one session, named by
   * one cycle through all of it where there is one (else the shortest found from its first
   * session). A semaphore's waiter with a holder outside every such component is not stuck
   * there (that holder will free a lease): its wait is set aside and the components found again.
   */
  deadlocks(): Deadlock[] {
    if (this.cached !== null) return this.cached;
    if (this.holdingWaiting.size < 2) return (this.cached = NO_DEADLOCKS);
    const free = new Set<string>();
    let edges = this.edges(free);
    let components: string[][];
    for (;;) {
      components = stronglyConnected([...edges.keys()].sort(), (session) => (edges.get(session) ?? []).map((edge) => edge.holder)).filter((component) => component.length > 1);
      const stuck = new Set(components.flat());
      const before = free.size;
      for (const [session, out] of edges) {
        for (const { holder, lock } of out) if (this.semaphores.has(lock) && !stuck.has(holder)) free.add(`${session}\u0000${lock}`);
      }
      if (free.size === before) break;
      edges = this.edges(free);
    }
    const deadlocks: Deadlock[] = [];
    for (const component of components) {
      const members = new Set(component);
      const steps = cycleThrough(component, members, edges).map((step) => ({ ...step, client: this.clientOf(step.session) }));
      deadlocks.push({
        sessions: [...component].sort(),
        locks: [...new Set(steps.map((step) => step.waitsIn))].sort(),
        cycle: steps,
        message: steps.map((step) => `${step.session}${step.client === null ? '' : ` (${step.client})`} waits in ${step.waitsIn} for ${step.waitsFor}`).join('; '),
      });
    }
    this.cached = deadlocks.sort((a, b) => (a.sessions[0]! < b.sessions[0]! ? -1 : 1));
    return this.cached;
  }

  /** The deadlocks a lock is part of. */
  deadlocksOf(lock: string): Deadlock[] {
    return this.deadlocks().filter((deadlock) => deadlock.cycle.some((step) => step.waitsIn === lock));
  }

  /**
   * The graph to draw: sessions that hold, and waiters that also hold elsewhere, each on its own;
   * the other waiters of a lock gathered into one group, so that a queue of thousands is one mark.
   */
  graph(): WaitsForGraph {
    const onCycle = new Set(this.deadlocks().flatMap((deadlock) => deadlock.sessions));
    const cycleEdges = new Set(this.deadlocks().flatMap((deadlock) => deadlock.cycle.map((step) => `${step.session}\u0000${step.waitsFor}\u0000${step.waitsIn}`)));
    const sessions: WaitsForGraph['sessions'] = [...this.holds.keys()].sort().map((id) => ({
      id,
      client: this.clientOf(id),
      holds: [...(this.holds.get(id)?.keys() ?? [])].sort(),
      waitsIn: [...(this.waits.get(id)?.keys() ?? [])].sort(),
      deadlocked: onCycle.has(id),
    }));
    const groups: WaitsForGraph['groups'] = [];
    const edges: WaitsForGraph['edges'] = [];
    for (const [lock, entry] of [...this.locks].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const holders = [...entry.holders.keys()].sort();
      let others = 0;
      for (const waiter of entry.waiters.keys()) {
        if (!this.holds.has(waiter)) {
          others += 1;
          continue;
        }
        for (const holder of holders) {
          if (holder !== waiter) edges.push({ from: waiter, to: holder, lock, deadlocked: cycleEdges.has(`${waiter}\u0000${holder}\u0000${lock}`) });
        }
      }
      if (others > 0) {
        const id = `waiters:${lock}`;
        groups.push({ id, lock, count: others });
        for (const holder of holders) edges.push({ from: id, to: holder, lock, deadlocked: false });
      }
    }
    return { sessions, groups, edges, deadlocks: this.deadlocks(), omitted: { sessions: 0, groups: 0, locks: 0 } };
  }
}

/**
 * The part of a graph a person can read: every session on a cycle with its edges, then the
 * busiest locks (most waiters first) with their holders, waiting sessions and group, until
 * `maxMarks` sessions and groups are drawn; `omitted` says how many were left out.
 */
export function limitGraph(graph: WaitsForGraph, maxMarks: number): WaitsForGraph {
  if (graph.sessions.length + graph.groups.length <= maxMarks) return graph;
  const keptSessions = new Set(graph.sessions.filter((session) => session.deadlocked).map((session) => session.id));
  const keptGroups = new Set<string>();
  const shownLocks = new Set(graph.deadlocks.flatMap((deadlock) => deadlock.cycle.map((step) => step.waitsIn)));
  // Each lock's marks: its holders, its waiting sessions and its group.
  const marksOf = new Map<string, { sessions: Set<string>; group: string | null; waiters: number }>();
  const entry = (lock: string) => {
    let found = marksOf.get(lock);
    if (found === undefined) {
      found = { sessions: new Set(), group: null, waiters: 0 };
      marksOf.set(lock, found);
    }
    return found;
  };
  for (const session of graph.sessions) {
    for (const lock of session.holds) entry(lock).sessions.add(session.id);
    for (const lock of session.waitsIn) {
      entry(lock).sessions.add(session.id);
      entry(lock).waiters += 1;
    }
  }
  for (const group of graph.groups) {
    entry(group.lock).group = group.id;
    entry(group.lock).waiters += group.count;
  }
  const busiest = [...marksOf].sort(([a, left], [b, right]) => right.waiters - left.waiters || (a < b ? -1 : a > b ? 1 : 0));
  for (const [lock, marks] of busiest) {
    if (keptSessions.size + keptGroups.size >= maxMarks) break;
    const adding = [...marks.sessions].filter((id) => !keptSessions.has(id)).length + (marks.group === null ? 0 : 1);
    if (keptSessions.size + keptGroups.size + adding > maxMarks && shownLocks.size > 0) continue;
    for (const id of marks.sessions) keptSessions.add(id);
    if (marks.group !== null) keptGroups.add(marks.group);
    shownLocks.add(lock);
  }
  const sessions = graph.sessions.filter((session) => keptSessions.has(session.id));
  const groups = graph.groups.filter((group) => keptGroups.has(group.id));
  const edges = graph.edges.filter((edge) => (keptSessions.has(edge.from) || keptGroups.has(edge.from)) && keptSessions.has(edge.to));
  return {
    ...graph,
    sessions,
    groups,
    edges,
    omitted: { sessions: graph.sessions.length - sessions.length, groups: graph.groups.length - groups.length, locks: marksOf.size - [...marksOf.keys()].filter((lock) => shownLocks.has(lock)).length },
  };
}

/** Tarjan's strongly connected components, iteratively (a long chain must not overflow the stack). */
export function stronglyConnected(vertices: readonly string[], next: (vertex: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of vertices) {
    if (index.has(root)) continue;
    const work: Array<{ vertex: string; targets: readonly string[]; at: number }> = [];
    const open = (vertex: string): void => {
      index.set(vertex, counter);
      low.set(vertex, counter);
      counter += 1;
      stack.push(vertex);
      onStack.add(vertex);
      work.push({ vertex, targets: next(vertex), at: 0 });
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at]!;
        frame.at += 1;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.vertex, Math.min(low.get(frame.vertex)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.vertex, Math.min(low.get(parent.vertex)!, low.get(frame.vertex)!));
      if (low.get(frame.vertex) === index.get(frame.vertex)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.vertex);
        components.push(component);
      }
    }
  }
  return components;
}

/** A cycle inside one strongly connected component, as steps: found by walking from its first session until a session repeats. */
function cycleThrough(component: readonly string[], members: ReadonlySet<string>, edges: Map<string, Array<{ holder: string; lock: string }>>): Array<Omit<DeadlockStep, 'client'>> {
  const start = [...component].sort()[0]!;
  // Breadth-first from the start back to itself: the shortest cycle through it.
  const cameFrom = new Map<string, { from: string; lock: string }>();
  const queue = [start];
  while (queue.length > 0) {
    const session = queue.shift()!;
    for (const edge of edges.get(session) ?? []) {
      if (!members.has(edge.holder)) continue;
      if (edge.holder === start) {
        const steps: Array<Omit<DeadlockStep, 'client'>> = [{ session, waitsIn: edge.lock, waitsFor: start }];
        let at = session;
        while (at !== start) {
          const back = cameFrom.get(at)!;
          steps.unshift({ session: back.from, waitsIn: back.lock, waitsFor: at });
          at = back.from;
        }
        return steps;
      }
      if (cameFrom.has(edge.holder)) continue;
      cameFrom.set(edge.holder, { from: session, lock: edge.lock });
      queue.push(edge.holder);
    }
  }
  return [];
}
