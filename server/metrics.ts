/**
 * Prometheus metrics at `/metrics`: per lock its queue, holders, holder age, oldest wait and
 * anomalies by kind; ZooKeeper's own counters from `mntr` on every member (watches, and how
 * many watchers each kind of event fired). Everything is read at scrape time from what the
 * explorer already keeps: a scrape asks ZooKeeper nothing. Read, `mntr`'s counters are asked at
 * each of the explorer's polls for a minute after (every fifth poll otherwise).
 */
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { Diagnostics, GarbageCounts, IntrospectionStatus, LockList } from '../lib/protocol';
import type { LockHistories } from './locks/history';

export interface MetricsSources {
  list(): LockList;
  diagnostics(): Diagnostics;
  monitors(): ReadonlyArray<{ server: string; values: ReadonlyMap<string, string | number> }>;
  introspection(): IntrospectionStatus;
  /** The bytes ZooKeeper has sent the explorer's own session since it started. */
  zookeeperBytes(): number;
  /** Whether the explorer's own session is connected to ZooKeeper. */
  connected?(): boolean;
  /** Each hold that ended, each wait that ended in a hold, each hold that began, by lock. */
  histories: Pick<LockHistories, 'on'>;
  /** How much lock garbage there is, by kind (empty parents, leaked nodes, ghost ephemerals, persistent nodes inside locks). */
  garbage?(): GarbageCounts;
  /** How many locks get series of their own in the hold, wait and handover metrics (METRICS_LOCK_LIMIT). */
  lockLimit: number;
  /** The ensemble's clock (ms since the epoch): the ages are told against it. */
  now(): number;
}

/** The lock label of the hold, wait and handover series of the locks past the limit. */
export const OTHER_LOCKS = '_other';

/** Seconds from a few ms (a busy lock's handover) to an hour (a stuck one). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/**
 * The `lock` label of a lock's own series: the first `limit` locks seen get their path, every
 * later one `_other`, so that a tree of 10,000 locks makes at most `limit` + 1 series per bucket.
 */
export function lockLabels(limit: number): (path: string) => string {
  const own = new Set<string>();
  return (path) => {
    if (own.has(path)) return path;
    if (own.size < limit) {
      own.add(path);
      return path;
    }
    return OTHER_LOCKS;
  };
}

// The kinds of watch event ZooKeeper 3.6+ counts in `mntr` (`zk_sum_node_deleted_watch_count`, …).
const WATCH_EVENTS = ['created', 'deleted', 'changed', 'children'] as const;

/** One ensemble's sources, and its name: the `ensemble` label of every series read from them. */
export interface EnsembleMetricsSources extends MetricsSources {
  name: string;
}

/**
 * The metrics of a fleet of ensembles: `registry(null)` gives every ensemble's series,
 * `registry(name)` one ensemble's, each series labelled with its `ensemble`; the process's own
 * series (CPU, memory, event loop) are in both, once. The hold, wait and handover figures are kept
 * once per ensemble, whichever registry reads them.
 */
export function fleetMetrics(ensembles: readonly EnsembleMetricsSources[]): (name: string | null) => Registry {
  const processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry, prefix: 'zklock_explorer_' });
  const followed = ensembles.map((sources) => ({ sources, locks: new LockSeries(sources.histories, sources.lockLimit) }));
  const registries = new Map(followed.map((ensemble) => [ensemble.sources.name, Registry.merge([processRegistry, lockMetrics([ensemble])])]));
  const all = followed.length === 1 ? registries.get(followed[0]!.sources.name)! : Registry.merge([processRegistry, lockMetrics(followed)]);
  return (name) => {
    if (name === null) return all;
    const registry = registries.get(name);
    if (registry === undefined) throw new Error(`no metrics of an ensemble named ${name}`);
    return registry;
  };
}

interface FollowedMetrics {
  sources: EnsembleMetricsSources;
  locks: LockSeries;
}

/** The series of the locks and ZooKeepers of `ensembles`, each labelled with its ensemble. */
function lockMetrics(ensembles: readonly FollowedMetrics[]): Registry {
  const registry = new Registry();
  // A gauge read at scrape time: `collect` is given each ensemble's sources and a setter that adds its label.
  type SetValue = (labels: Record<string, string>, value: number) => void;
  const gauge = (name: string, help: string, labelNames: string[], collect: (sources: MetricsSources, set: SetValue) => void): void => {
    new Gauge({
      name,
      help,
      labelNames: ['ensemble', ...labelNames],
      registers: [registry],
      collect() {
        this.reset();
        for (const { sources } of ensembles) collect(sources, (labels, value) => this.set({ ensemble: sources.name, ...labels }, value));
      },
    });
  };
  new Counter({
    name: 'zklock_explorer_zookeeper_received_bytes_total',
    help: 'Bytes ZooKeeper sent the explorer: what following the locks costs the ensemble.',
    labelNames: ['ensemble'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { sources } of ensembles) this.inc({ ensemble: sources.name }, sources.zookeeperBytes());
    },
  });
  const seconds = (since: number | null, now: number): number | null => (since === null ? null : Math.max(0, (now - since) / 1000));

  gauge('zklock_locks', 'Locks found under the lock roots.', [], (sources, set) => set({}, sources.list().locks.length));
  gauge('zklock_explorer_zookeeper_connected', 'Whether the explorer’s own ZooKeeper session is connected (1) or not (0): while it is 0 every other figure is stale.', [], (sources, set) => set({}, sources.connected?.() === false ? 0 : 1));
  gauge('zklock_explorer_introspection_available', 'Whether the last report of ZooKeeper’s watches and connections (four-letter words or AdminServer) came (1) or not (0): without it no waiter’s watch is checked.', [], (sources, set) => set({}, sources.introspection().available ? 1 : 0));
  gauge('zklock_queue_length', 'Nodes waiting for the lock.', ['lock', 'recipe'], (sources, set) => {
    for (const lock of sources.list().locks) set({ lock: lock.path, recipe: lock.recipe.id }, lock.queueLength);
  });
  gauge('zklock_holders', 'Nodes holding the lock (more than one for a semaphore or readers).', ['lock'], (sources, set) => {
    for (const lock of sources.list().locks) set({ lock: lock.path }, lock.holders.length);
  });
  gauge('zklock_holder_age_seconds', 'How long the longest current holder has held the lock.', ['lock'], (sources, set) => {
    const now = sources.now();
    for (const lock of sources.list().locks) {
      const age = seconds(lock.holderSince, now);
      if (age !== null) set({ lock: lock.path }, age);
    }
  });
  gauge('zklock_oldest_wait_seconds', 'How long the longest waiter has waited.', ['lock'], (sources, set) => {
    const now = sources.now();
    for (const lock of sources.list().locks) {
      const age = seconds(lock.oldestWaiterSince, now);
      if (age !== null) set({ lock: lock.path }, age);
    }
  });
  gauge('zklock_anomalies', 'Anomalies found, by lock and kind (stale-holder, no-watch, orphan, herd, …): the nodes (owners, for orphans) each kind concerns.', ['lock', 'kind'], (sources, set) => {
    const counts = new Map<string, { lock: string; kind: string; count: number }>();
    for (const anomaly of sources.diagnostics().anomalies) {
      const key = `${anomaly.path}\u0000${anomaly.kind}`;
      const entry = counts.get(key) ?? { lock: anomaly.path, kind: anomaly.kind, count: 0 };
      // One verdict over many nodes counts them all, as one anomaly a node did.
      entry.count += anomaly.count ?? 1;
      counts.set(key, entry);
    }
    for (const { lock, kind, count } of counts.values()) set({ lock, kind }, count);
  });
  gauge('zklock_garbage_nodes', 'Lock garbage by kind: lock parents left empty (empty-parent), contender nodes a client gave up on while its session lives (leaked), ephemeral nodes of a session no member knows (ghost), persistent nodes inside a lock (persistent).', ['kind'], (sources, set) => {
    const counts = sources.garbage?.();
    if (counts === undefined) return;
    set({ kind: 'empty-parent' }, counts.emptyParents);
    set({ kind: 'leaked' }, counts.leaked);
    set({ kind: 'ghost' }, counts.ghosts);
    set({ kind: 'persistent' }, counts.persistentInLocks);
  });
  gauge('zklock_deadlocks', 'Cycles of sessions that each hold one lock and wait for another.', [], (sources, set) => set({}, sources.diagnostics().deadlocks.length));

  const fromMntr = (name: string, help: string, key: string): void =>
    gauge(name, help, ['server'], (sources, set) => {
      for (const { server, values } of sources.monitors()) {
        const value = values.get(key);
        if (typeof value === 'number') set({ server }, value);
      }
    });
  // ZooKeeper's own counters, as it gives them: the explorer's own watches are in them, unlike in every zklock_ series.
  fromMntr('zookeeper_watch_count', 'Watches set on this ZooKeeper server, the explorer’s own included (mntr zk_watch_count).', 'zk_watch_count');
  fromMntr('zookeeper_ephemerals_count', 'Ephemeral nodes (mntr zk_ephemerals_count).', 'zk_ephemerals_count');
  fromMntr('zookeeper_num_alive_connections', 'Client connections (mntr zk_num_alive_connections).', 'zk_num_alive_connections');
  fromMntr('zookeeper_outstanding_requests', 'Requests queued on the server (mntr zk_outstanding_requests).', 'zk_outstanding_requests');
  gauge(
    'zookeeper_watch_fanout',
    'Watchers fired per watch event of each kind, since the server started, the explorer’s own watches included (mntr zk_{avg,max,sum,cnt}_node_<event>_watch_count): a herd shows as a high average for deleted and children events.',
    ['server', 'event', 'stat'],
    (sources, set) => {
      for (const { server, values } of sources.monitors()) {
        for (const event of WATCH_EVENTS) {
          for (const stat of ['avg', 'max', 'sum', 'cnt'] as const) {
            const value = values.get(`zk_${stat}_node_${event}_watch_count`);
            if (typeof value === 'number') set({ server, event, stat }, value);
          }
        }
      }
    },
  );
  gauge('zookeeper_up', 'Whether the member answered the four-letter words at the last poll.', ['server'], (sources, set) => {
    for (const { server, ok } of sources.introspection().servers) set({ server }, ok ? 1 : 0);
  });

  const family = (name: string, help: string, of: (locks: LockSeries) => LockHistogram): void =>
    registry.registerMetric(new HistogramFamily(name, help, ensembles.map(({ sources, locks }) => ({ labels: { ensemble: sources.name }, histogram: of(locks) }))) as unknown as Metric);
  family('zklock_hold_seconds', 'How long each hold of a lock lasted, from taking it to letting it go (holds that began before the explorer followed the lock are left out).', (locks) => locks.hold);
  family('zklock_wait_seconds', 'How long each waiter waited for a lock, from its node’s creation to holding.', (locks) => locks.wait);
  new Counter({
    name: 'zklock_handovers_total',
    help: 'Holds that began: each handover, and each first holder of an idle lock.',
    labelNames: ['ensemble', 'lock'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { sources, locks } of ensembles) for (const [lock, began] of locks.handovers()) this.inc({ ensemble: sources.name, lock }, began);
    },
  });
  return registry;
}

/**
 * One ensemble's holds, waits and handovers by lock label, kept as its histories tell them (at
 * most the label limit and one series). A handover is counted here and told prom-client at each
 * scrape: an `inc` checks and hashes its labels, at every handover.
 */
class LockSeries {
  readonly hold = new LockHistogram('zklock_hold_seconds', '', DURATION_BUCKETS);
  readonly wait = new LockHistogram('zklock_wait_seconds', '', DURATION_BUCKETS);
  private readonly series = new Map<string, { hold: Observe; wait: Observe; began: number }>();

  constructor(histories: Pick<LockHistories, 'on'>, lockLimit: number) {
    const label = lockLabels(lockLimit);
    const of = (path: string): { hold: Observe; wait: Observe; began: number } => {
      const lock = label(path);
      let bound = this.series.get(lock);
      if (bound === undefined) {
        bound = { hold: this.hold.series(lock), wait: this.wait.series(lock), began: 0 };
        this.series.set(lock, bound);
      }
      return bound;
    };
    histories.on('held', (path, seconds) => of(path).hold(seconds));
    histories.on('waited', (path, seconds) => of(path).wait(seconds));
    histories.on('began', (path) => {
      of(path).began += 1;
    });
  }

  /** Each lock label with the holds that began in it, those with none left out. */
  *handovers(): Iterable<[string, number]> {
    for (const [lock, { began }] of this.series) if (began > 0) yield [lock, began];
  }
}

type Observe = (seconds: number) => void;

/**
 * A histogram with one label, `lock`, whose observation is a few writes to an array: prom-client's
 * own Histogram checks and hashes its labels at each `observe`, even bound (2-3 % of the
 * explorer's CPU at 280 handovers a second). It gives the registry what prom-client's gives
 * (`getForPromString` for the text, `get` for JSON), so a scrape reads the same series.
 */
export class LockHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelNames = ['lock'];
  private readonly kept = new Map<string, { buckets: Float64Array; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  /** How to observe into the series of one `lock` label. */
  series(lock: string): Observe {
    let kept = this.kept.get(lock);
    if (kept === undefined) {
      kept = { buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      this.kept.set(lock, kept);
    }
    const one = kept;
    const { bounds } = this;
    return (seconds) => {
      if (!Number.isFinite(seconds)) return;
      one.sum += seconds;
      one.count += 1;
      // The first bound at or above it; none past the last (only +Inf counts it).
      for (let index = 0; index < bounds.length; index += 1) {
        if (seconds <= bounds[index]!) {
          one.buckets[index] = one.buckets[index]! + 1;
          return;
        }
      }
    };
  }

  /** Its values as prom-client's Histogram gives them to its registry's text, `shared` beside each lock label (after `le`). */
  values(shared: Record<string, string>): HistogramValue[] {
    const values: HistogramValue[] = [];
    for (const [lock, { buckets, sum, count }] of this.kept) {
      const sharedLabels = { ...shared, lock };
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += buckets[index]!;
        values.push({ labels: { le: bound }, sharedLabels, value: cumulative, metricName: `${this.name}_bucket`, exemplar: null });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels, value: count, metricName: `${this.name}_bucket`, exemplar: null });
      values.push({ labels: {}, sharedLabels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels, value: count, metricName: `${this.name}_count` });
    }
    return values;
  }

  /** The series as prom-client's Histogram gives them to its registry's text. */
  async getForPromString(): Promise<HistogramMetric> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values({}) };
  }

  /** The same as JSON: each value's labels with the lock among them. */
  async get(): Promise<HistogramJson> {
    return asJson(await this.getForPromString());
  }

  /** Every series back to nothing observed (the observers handed out keep writing to them). */
  reset(): void {
    for (const kept of this.kept.values()) {
      kept.buckets.fill(0);
      kept.sum = 0;
      kept.count = 0;
    }
  }
}

/**
 * The histograms of several ensembles as one metric of a registry, each ensemble's series with its
 * own labels (`ensemble`): what a fleet's registry reads its LockHistograms by.
 */
class HistogramFamily {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelNames: string[];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly parts: ReadonlyArray<{ labels: Record<string, string>; histogram: LockHistogram }>,
  ) {
    this.labelNames = [...Object.keys(parts[0]?.labels ?? {}), 'lock'];
  }

  async getForPromString(): Promise<HistogramMetric> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.parts.flatMap(({ labels, histogram }) => histogram.values(labels)) };
  }

  async get(): Promise<HistogramJson> {
    return asJson(await this.getForPromString());
  }

  reset(): void {
    for (const { histogram } of this.parts) histogram.reset();
  }
}

interface HistogramMetric {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: HistogramValue[];
}

type HistogramJson = Omit<HistogramMetric, 'values'> & { values: Array<Omit<HistogramValue, 'sharedLabels'>> };

/** A histogram's text values as JSON: the shared labels among each value's own. */
function asJson(metric: HistogramMetric): HistogramJson {
  return { ...metric, values: metric.values.map(({ sharedLabels, labels, ...value }) => ({ ...value, labels: { ...labels, ...sharedLabels } })) };
}

interface HistogramValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
  /** As prom-client's Histogram has it: none (null) for a bucket, absent for the sum and the count. */
  exemplar?: null;
}
