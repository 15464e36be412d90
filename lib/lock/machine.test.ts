import { describe, expect, it } from 'vitest';
import type { ZnodeStat } from '../protocol';
import { reportChange, type Introspected } from './report';
import { record } from '../testing/records';
import { ANOMALY_DELAY_MS, initialState, includes, PZXID_DELAY_MS, step, type LockEvent, type LockState, type LockWorld, type StepResult, type ZkAnswer, type ZkRead } from './machine';

const LOCK = '/app/lock';
const name = (i: number): string => `lock-${String(i).padStart(10, '0')}`;
/** Child `i` of the lock, owned by session 0x(i+1), created at zxid 0x(i+10). */
const child = (i: number, ctime = 0) => record(name(i), `0x${(i + 1).toString(16)}`, i + 10, ctime);

function parentStat(cversion: number, pzxid = 0x100): ZnodeStat {
  return { czxid: '0x2', mzxid: '0x2', pzxid: `0x${pzxid.toString(16)}`, ctime: 0, mtime: 0, version: 0, cversion, aversion: 0, ephemeralOwner: '0x0', dataLength: 0, numChildren: 0 };
}

/** A machine driven by hand: a manual clock, ZooKeeper's answers given by the test. */
class Driver {
  now = 1_000;
  readonly state: LockState;
  last!: StepResult;
  persistent = true;
  staleHolderMs = 60_000;
  introspection: Introspected | null = null;
  /** The world as it is at each step, given with it. */
  get world(): LockWorld {
    return { declared: null, introspection: this.introspection, persistentWatches: this.persistent };
  }

  constructor(live = true, state = initialState(LOCK, live)) {
    this.state = state;
  }

  send(event: LockEvent): StepResult {
    this.last = step(this.state, event, this.now, this.world);
    return this.last;
  }

  /** Answers the loop's read in flight; the read asked must be `expected`. */
  answer(expected: Partial<ZkRead>, answer: ZkAnswer): StepResult {
    expect(this.last.reads.filter((read) => read.kind !== 'pzxid' && read.kind !== 'unwatchTree')).toEqual([expect.objectContaining(expected)]);
    return this.send({ type: 'answer', answer });
  }

  /** Moves the clock to the next timer due and fires it. */
  tick(): StepResult {
    const [name, at] = Object.entries(this.state.timers)
      .filter((entry): entry is [keyof LockState['timers'], number] => entry[1] !== null)
      .sort((a, b) => a[1] - b[1])[0]!;
    this.now = Math.max(this.now, at);
    return this.send(name === 'judge' ? { type: 'timer', name, context: { staleHolderMs: this.staleHolderMs, deadlocks: [] } } : { type: 'timer', name });
  }

  /** The lock read the first time with these children, by persistent watch. */
  load(children: ReturnType<typeof child>[]): StepResult {
    this.send({ type: 'refresh', paths: [] });
    this.answer({ kind: 'watchTree', path: LOCK }, { kind: 'armed' });
    this.answer({ kind: 'getChildren', path: LOCK, watch: false }, { kind: 'listed', children: children.map((one) => one.name), stat: parentStat(children.length), seq: 0 });
    this.answer({ kind: 'getData', path: LOCK }, { kind: 'data', data: null });
    if (children.length === 0) return this.last;
    return this.answer({ kind: 'getDataMany', paths: children.map((one) => `${LOCK}/${one.name}`) }, { kind: 'many', results: children.map(({ stat }) => ({ stat, data: null })) });
  }
}

const roles = (state: LockState) => state.current.nodes.map((node) => [node.name, node.role]);

describe('the lock machine', () => {
  it('reads a lock the first time: its watch added before its listing, its own data and its children read, then the reading published and its anomalies judged a moment later', () => {
    const driver = new Driver();
    const loaded = driver.load([child(1), child(2)]);
    expect(loaded.caughtUp).toEqual({ failure: undefined });
    expect(driver.state.loaded).toBe(true);
    expect(roles(driver.state)).toEqual([
      [name(1), 'holder'],
      [name(2), 'waiter'],
    ]);
    expect(loaded.deltas.map(({ delta }) => delta.added.map((node) => node.name))).toEqual([[name(1), name(2)]]);
    expect(loaded.timers.judge).toBe(driver.now + ANOMALY_DELAY_MS);
    expect(loaded.reads).toEqual([]);
  });

  it('applies the holder’s deletion with no read, hands the lock over at once, and reads the pzxid a moment later in a delta of its own', () => {
    const driver = new Driver();
    driver.load([child(1), child(2), child(3)]);
    driver.now += 5_000;
    const handed = driver.send({ type: 'treeEvent', path: `${LOCK}/${name(1)}`, kind: 'deleted', seq: 1 });
    expect(handed.reads).toEqual([]);
    expect(handed.deltas).toHaveLength(1);
    expect(handed.deltas[0]!.delta.removed).toEqual([name(1)]);
    // Gone: the holder's node, and the waiter's as it was before it held.
    expect(handed.deltas[0]!.gone.map((node) => [node.name, node.role])).toEqual([
      [name(1), 'holder'],
      [name(2), 'waiter'],
    ]);
    expect(roles(driver.state)).toEqual([
      [name(2), 'holder'],
      [name(3), 'waiter'],
    ]);
    expect(driver.state.current.nodes[0]!.roleSince).toBe(driver.now);
    expect(handed.timers.pzxid).toBe(driver.now + PZXID_DELAY_MS);

    // The anomalies are judged first (due sooner), then the pzxid is read.
    driver.tick();
    const asked = driver.tick();
    expect(asked.reads).toEqual([{ kind: 'pzxid', path: LOCK }]);
    const read = driver.send({ type: 'pzxid', stat: parentStat(4, 0x200) });
    expect(read.deltas.map(({ delta }) => delta.read)).toEqual([{ at: driver.now, pzxid: '0x200' }]);
    expect(driver.state.current.read?.pzxid).toBe('0x200');
  });

  it('reads the lock path’s stat with a handover’s new node: its pzxid comes in the creation’s delta, and none is read apart unless more changes are on their way', () => {
    for (const more of [false, true]) {
      const driver = new Driver();
      driver.load([child(1), child(2), child(3)]);
      driver.now += 5_000;
      expect(driver.send({ type: 'treeEvent', path: `${LOCK}/${name(1)}`, kind: 'deleted', seq: 1 }).timers.pzxid).toBe(driver.now + PZXID_DELAY_MS);
      const came = driver.send({ type: 'treeEvent', path: `${LOCK}/${name(4)}`, kind: 'created', seq: 2 });
      expect(came.reads).toEqual([{ kind: 'getDataMany', paths: [`${LOCK}/${name(4)}`, LOCK] }]);
      // Three children listed, one deleted and one created since: cversion 5, unless ZooKeeper made another change meanwhile (6).
      const read = driver.send({ type: 'answer', answer: { kind: 'many', results: [{ stat: child(4).stat, data: null }, { stat: parentStat(more ? 6 : 5, 0x300), data: null }] } });
      // A stat ahead of what was applied is not taken: its pzxid would name changes the reading does not have.
      expect(read.deltas.map(({ delta }) => delta.read?.pzxid)).toEqual([more ? '0x100' : '0x300']);
      expect(read.timers.pzxid).toBe(more ? driver.now + PZXID_DELAY_MS : null);
    }
  });

  it('keeps its state as plain data: a structured copy of it, taken in the middle, goes on exactly as the original does', () => {
    const report = (at: number, requests: number): Introspected => ({ watchers: new Map(), clients: new Map(), at, lastRequest: new Map([1, 2, 3, 4].map((i) => [`0x${i + 1}`, String(requests)])) });
    const driver = new Driver();
    driver.load([child(1), child(2), child(3), child(4)]);
    // Its herd window, its indexes, its parents and its timers all hold something.
    driver.send({ type: 'report', report: report(driver.now, 1), changed: true, change: null });
    driver.now += 2_000;
    driver.send({ type: 'report', report: report(driver.now, 1), changed: true, change: null });
    const copy = new Driver(true, structuredClone(driver.state));
    copy.now = driver.now;
    expect(copy.state).toEqual(driver.state);
    for (const one of [driver, copy]) {
      one.now += 300;
      one.send({ type: 'treeEvent', path: `${LOCK}/${name(1)}`, kind: 'deleted', seq: 1 });
      one.send({ type: 'treeEvent', path: `${LOCK}/${name(5)}`, kind: 'created', seq: 2 });
      one.send({ type: 'answer', answer: { kind: 'many', results: [{ stat: child(5).stat, data: null }] } });
      one.now += 700;
      // Every waiter woke at the holder's release: a herd, told the same by both.
      one.send({ type: 'report', report: report(one.now, 2), changed: true, change: null });
      one.tick();
    }
    expect(copy.last).toEqual(driver.last);
    expect(copy.state).toEqual(driver.state);
    expect(roles(copy.state)).toEqual(roles(driver.state));
    expect(driver.state.herd.evidence).not.toBeNull();
  });

  it('reads a new waiter in one multiRead and appends it, and events that come during a read wait for the next', () => {
    const driver = new Driver();
    driver.load([child(1)]);
    const came = driver.send({ type: 'treeEvent', path: `${LOCK}/${name(2)}`, kind: 'created', seq: 1 });
    // With the lock path itself, for its stat.
    expect(came.reads).toEqual([{ kind: 'getDataMany', paths: [`${LOCK}/${name(2)}`, LOCK] }]);
    // Another arrives while the read is out: nothing is read for it yet.
    expect(driver.send({ type: 'treeEvent', path: `${LOCK}/${name(3)}`, kind: 'created', seq: 2 }).reads).toEqual([]);
    const first = driver.send({ type: 'answer', answer: { kind: 'many', results: [{ stat: child(2).stat, data: null }] } });
    expect(first.reads).toEqual([{ kind: 'getDataMany', paths: [`${LOCK}/${name(3)}`, LOCK] }]);
    const second = driver.send({ type: 'answer', answer: { kind: 'many', results: [{ stat: child(3).stat, data: null }] } });
    expect(second.caughtUp).toEqual({ failure: undefined });
    expect(second.deltas.map(({ delta }) => delta.added.map((node) => node.name))).toEqual([[name(2), name(3)]]);
    expect(roles(driver.state)).toEqual([
      [name(1), 'holder'],
      [name(2), 'waiter'],
      [name(3), 'waiter'],
    ]);
  });

  it('leaves out a node gone again before it was read, and skips events a listing already holds', () => {
    const driver = new Driver();
    driver.load([child(1)]);
    driver.send({ type: 'treeEvent', path: `${LOCK}/${name(2)}`, kind: 'created', seq: 1 });
    const read = driver.send({ type: 'answer', answer: { kind: 'many', results: [null] } });
    expect(read.deltas).toEqual([]);
    expect(roles(driver.state)).toEqual([[name(1), 'holder']]);
    // A listing at notification 5 holds the changes of notifications up to 5.
    driver.send({ type: 'treeEvent', path: LOCK, kind: 'changed', seq: 5 });
    driver.answer({ kind: 'getChildren', path: LOCK, watch: false }, { kind: 'listed', children: [name(1)], stat: parentStat(3), seq: 5 });
    expect(driver.send({ type: 'treeEvent', path: `${LOCK}/${name(1)}`, kind: 'deleted', seq: 4 }).deltas).toEqual([]);
    expect(roles(driver.state)).toEqual([[name(1), 'holder']]);
  });

  it('falls back to one-shot watches where the server refuses persistent ones: a child watch with each listing, the parent listed again when it fires', () => {
    const driver = new Driver();
    driver.send({ type: 'refresh', paths: [] });
    driver.persistent = false;
    driver.answer({ kind: 'watchTree', path: LOCK }, { kind: 'refused' });
    driver.answer({ kind: 'getChildren', path: LOCK, watch: true }, { kind: 'listed', children: [name(1)], stat: parentStat(1), seq: 0 });
    driver.answer({ kind: 'getData', path: LOCK }, { kind: 'data', data: null });
    driver.answer({ kind: 'getDataMany' }, { kind: 'many', results: [{ stat: child(1).stat, data: null }] });
    const fired = driver.send({ type: 'watchFired', path: LOCK });
    expect(fired.reads).toEqual([{ kind: 'getChildren', path: LOCK, watch: true }]);
    driver.answer({ kind: 'getChildren', path: LOCK, watch: true }, { kind: 'listed', children: [], stat: parentStat(2), seq: 1 });
    expect(driver.last.deltas.map(({ delta }) => delta.removed)).toEqual([[name(1)]]);
    expect(driver.state.current.nodes).toEqual([]);
  });

  it('tells who watches a single-node lock at its own path from each new report (Kafka’s /controller and its standby brokers)', () => {
    const before: Introspected = { watchers: new Map(), clients: new Map([['0xa', '10.0.0.1:9092']]), at: 1_000 };
    const after: Introspected = { watchers: new Map([[LOCK, ['0xb']]]), clients: new Map([['0xa', '10.0.0.1:9092'], ['0xb', '10.0.0.2:9092']]), at: 3_000 };
    const driver = new Driver();
    driver.introspection = before;
    driver.send({ type: 'refresh', paths: [] });
    driver.answer({ kind: 'watchTree', path: LOCK }, { kind: 'armed' });
    driver.answer({ kind: 'getChildren', path: LOCK, watch: false }, { kind: 'listed', children: [], stat: { ...parentStat(0), ephemeralOwner: '0xa' }, seq: 0 });
    driver.answer({ kind: 'getData', path: LOCK }, { kind: 'data', data: null });
    expect(driver.state.current.nodes.map((node) => [node.path, node.role, node.watchers])).toEqual([[LOCK, 'holder', []]]);
    // Another broker begins to watch the node: the next report says so, and the page is told.
    driver.introspection = after;
    const told = driver.send({ type: 'report', report: after, changed: true, change: reportChange(before, after) });
    expect(told.deltas.flatMap(({ delta }) => delta.updated.map((node) => [node.name, node.watchers]))).toEqual([['lock', ['0xb']]]);
    expect(driver.state.current.nodes[0]?.watchers).toEqual(['0xb']);
  });

  it('waits with an exists watch for a lock path that does not exist, and reads it once it is made', () => {
    const driver = new Driver();
    driver.send({ type: 'refresh', paths: [] });
    driver.persistent = false;
    driver.answer({ kind: 'watchTree' }, { kind: 'refused' });
    driver.answer({ kind: 'getChildren', watch: true }, { kind: 'noNode' });
    const missing = driver.answer({ kind: 'exists', path: LOCK, watch: true }, { kind: 'stat', stat: null });
    expect(missing.caughtUp).toEqual({ failure: undefined });
    expect(driver.state.current.exists).toBe(false);
    driver.send({ type: 'watchFired', path: LOCK });
    driver.answer({ kind: 'getChildren', watch: true }, { kind: 'listed', children: [], stat: parentStat(0), seq: 1 });
    driver.answer({ kind: 'getData' }, { kind: 'data', data: null });
    expect(driver.state.current.exists).toBe(true);
    expect(driver.last.deltas.map(({ delta }) => delta.exists)).toEqual([true]);
  });

  it('says a holder is stale the moment it passes the threshold, by a timer set for it', () => {
    const driver = new Driver();
    driver.staleHolderMs = 10_000;
    driver.load([child(1, driver.now), child(2, driver.now)]);
    const judged = driver.tick();
    expect(judged.deltas).toEqual([]);
    const staleAt = judged.timers.stale!;
    expect(staleAt).toBeGreaterThan(driver.now);
    // The stale timer asks for a judgement, which comes a moment later.
    driver.tick();
    const stale = driver.tick();
    expect(driver.now).toBeGreaterThanOrEqual(staleAt);
    expect(stale.deltas.flatMap(({ delta }) => delta.anomalies ?? []).map((anomaly) => anomaly.kind)).toContain('stale-holder');
  });

  it('reads once and sets no watch when not live: no delta, no timer', () => {
    const driver = new Driver(false);
    driver.send({ type: 'refresh', paths: [] });
    driver.answer({ kind: 'getChildren', path: LOCK, watch: false }, { kind: 'listed', children: [name(1)], stat: parentStat(1), seq: 0 });
    driver.answer({ kind: 'getData' }, { kind: 'data', data: null });
    const read = driver.answer({ kind: 'getDataMany' }, { kind: 'many', results: [{ stat: child(1).stat, data: null }] });
    expect(read.deltas).toEqual([]);
    expect(read.timers).toEqual({ judge: null, stale: null, pzxid: null });
    expect(roles(driver.state)).toEqual([[name(1), 'holder']]);
  });

  it('tells whether its reading holds every change ZooKeeper had made when asked', () => {
    const driver = new Driver();
    driver.load([child(1)]);
    expect(includes(driver.state, LOCK, parentStat(1), driver.now)).toBe(true);
    expect(includes(driver.state, LOCK, parentStat(2), driver.now)).toBe(false);
    // A parent the recipe does not use does not hold the answer back.
    expect(includes(driver.state, '/elsewhere', parentStat(9), driver.now)).toBe(true);
  });

  it('ends its loop with the failure of a read, and removes its watches when stopped', () => {
    const driver = new Driver();
    driver.send({ type: 'refresh', paths: [] });
    const failed = driver.send({ type: 'failed', error: new Error('connection loss') });
    expect(failed.caughtUp?.failure).toBeInstanceOf(Error);
    driver.load([child(1)]);
    const stopped = driver.send({ type: 'stop' });
    expect(stopped.reads).toEqual([{ kind: 'unwatchTree', path: LOCK }]);
    expect(stopped.timers).toEqual({ judge: null, stale: null, pzxid: null });
    expect(driver.send({ type: 'treeEvent', path: `${LOCK}/${name(2)}`, kind: 'created', seq: 9 }).reads).toEqual([]);
  });
});
