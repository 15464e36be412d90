import { EventEmitter } from 'node:events';
import { Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { Diagnostics, IntrospectionStatus, LockList, LockSummary } from '../lib/protocol';
import { fleetMetrics, LockHistogram, type EnsembleMetricsSources } from './metrics';

const BUCKETS = [0.005, 0.5, 1, 60];
// Below the first bound, on a bound, between bounds, past the last, and one that is no number.
const OBSERVED: Array<[string, number]> = [
  ['/app/orders/locks/order-1', 0.001],
  ['/app/orders/locks/order-1', 0.5],
  ['/app/orders/locks/order-1', 0.7],
  ['/app/billing/locks/"quoted"\\lock', 3600],
  ['/app/billing/locks/"quoted"\\lock', 2],
];

/** The same observations in prom-client's own Histogram and in LockHistogram, each in a registry of its own. */
function both(): { theirs: Registry; ours: Registry; mine: LockHistogram } {
  const theirs = new Registry();
  const histogram = new Histogram({ name: 'zklock_hold_seconds', help: 'How long each hold lasted.', labelNames: ['lock'], buckets: BUCKETS, registers: [theirs] });
  const ours = new Registry();
  const mine = new LockHistogram('zklock_hold_seconds', 'How long each hold lasted.', BUCKETS);
  ours.registerMetric(mine as unknown as Metric);
  for (const [lock, seconds] of OBSERVED) {
    histogram.labels({ lock }).observe(seconds);
    mine.series(lock)(seconds);
  }
  return { theirs, ours, mine };
}

describe('LockHistogram', () => {
  it('writes the exposition prom-client’s Histogram writes for the same observations', async () => {
    const { theirs, ours } = both();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('zklock_hold_seconds_bucket{le="0.5",lock="/app/orders/locks/order-1"} 2');
    expect(text).toContain('zklock_hold_seconds_bucket{le="+Inf",lock="/app/billing/locks/\\"quoted\\"\\\\lock"} 2');
  });

  it('gives the same JSON, the lock among each value’s labels', async () => {
    const { theirs, ours } = both();
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('is zero again after a reset, and its observers keep counting', async () => {
    const { ours, mine } = both();
    const observe = mine.series('/app/orders/locks/order-1');
    ours.resetMetrics();
    observe(0.2);
    const text = await ours.metrics();
    expect(text).toContain('zklock_hold_seconds_count{lock="/app/orders/locks/order-1"} 1');
    expect(text).toContain('zklock_hold_seconds_count{lock="/app/billing/locks/\\"quoted\\"\\\\lock"} 0');
  });
});

/** An ensemble's sources as the explorer's parts give them: one lock, one anomaly, one member, and a history that tells holds as they end. */
function ensemble(name: string, lock: string): { sources: EnsembleMetricsSources; histories: EventEmitter } {
  const histories = new EventEmitter();
  const summary = { path: lock, recipe: { id: 'curator-mutex' }, queueLength: 2, holders: ['n1'], holderSince: null, oldestWaiterSince: null } as unknown as LockSummary;
  const sources: EnsembleMetricsSources = {
    name,
    list: () => ({ roots: ['/'], locks: [summary] }) as unknown as LockList,
    diagnostics: () => ({ anomalies: [{ path: lock, kind: 'no-watch', count: 3 }], deadlocks: [] }) as unknown as Diagnostics,
    monitors: () => [{ server: `${name}-zk1:2181`, values: new Map([['zk_watch_count', 7]]) }],
    introspection: () => ({ available: true, servers: [{ server: `${name}-zk1:2181`, ok: true }] }) as unknown as IntrospectionStatus,
    zookeeperBytes: () => 1000,
    connected: () => name !== 'down',
    histories: histories as never,
    garbage: () => ({ emptyParents: name === 'kafka' ? 12_345 : 0, leaked: 2, ghosts: 0, persistentInLocks: 1 }),
    lockLimit: 10,
    now: () => 1_700_000_000_000,
  };
  return { sources, histories };
}

/** The families of an exposition: each name's HELP lines, and its series lines. */
function families(text: string): { helps: Map<string, number>; series: string[] } {
  const helps = new Map<string, number>();
  for (const [, name] of text.matchAll(/^# HELP (\S+)/gm)) helps.set(name!, (helps.get(name!) ?? 0) + 1);
  return { helps, series: text.split('\n').filter((line) => line !== '' && !line.startsWith('#')) };
}

describe('fleetMetrics', () => {
  const kafka = ensemble('kafka', '/kafka/locks/a');
  const down = ensemble('down', '/hbase/locks/b');
  const registry = fleetMetrics([kafka.sources, down.sources]);
  kafka.histories.emit('held', '/kafka/locks/a', 0.3);
  kafka.histories.emit('began', '/kafka/locks/a');
  down.histories.emit('waited', '/hbase/locks/b', 2);

  it('labels every series of a lock or a ZooKeeper with its ensemble, each family once, the process’s own once', async () => {
    const { helps, series } = families(await registry(null).metrics());
    expect([...helps.values()].every((count) => count === 1)).toBe(true);
    expect(series).toContain('zklock_queue_length{ensemble="kafka",lock="/kafka/locks/a",recipe="curator-mutex"} 2');
    expect(series).toContain('zklock_queue_length{ensemble="down",lock="/hbase/locks/b",recipe="curator-mutex"} 2');
    expect(series).toContain('zklock_anomalies{ensemble="kafka",lock="/kafka/locks/a",kind="no-watch"} 3');
    expect(series).toContain('zklock_explorer_zookeeper_connected{ensemble="down"} 0');
    expect(series).toContain('zklock_explorer_zookeeper_connected{ensemble="kafka"} 1');
    expect(series).toContain('zookeeper_watch_count{ensemble="down",server="down-zk1:2181"} 7');
    expect(series).toContain('zklock_hold_seconds_bucket{le="0.5",ensemble="kafka",lock="/kafka/locks/a"} 1');
    expect(series).toContain('zklock_wait_seconds_count{ensemble="down",lock="/hbase/locks/b"} 1');
    expect(series).toContain('zklock_handovers_total{ensemble="kafka",lock="/kafka/locks/a"} 1');
    expect(series).toContain('zklock_garbage_nodes{ensemble="kafka",kind="empty-parent"} 12345');
    expect(series).toContain('zklock_garbage_nodes{ensemble="down",kind="leaked"} 2');
    // Every lock or ZooKeeper series names its ensemble; the process's own (zklock_explorer_process_…, nodejs_…) name none.
    const own = series.filter((line) => /^(zklock_(?!explorer_(process|nodejs))|zookeeper_)/.test(line));
    expect(own.length).toBeGreaterThan(15);
    expect(own.filter((line) => !/ensemble="(kafka|down)"/.test(line))).toEqual([]);
    expect(series.filter((line) => line.startsWith('zklock_explorer_process_cpu_seconds_total'))).toHaveLength(1);
  });

  it('gives one ensemble’s series alone by its name, the process’s own with them, from the same figures', async () => {
    const { series } = families(await registry('down').metrics());
    expect(series.filter((line) => line.includes('ensemble="kafka"'))).toEqual([]);
    expect(series).toContain('zklock_wait_seconds_count{ensemble="down",lock="/hbase/locks/b"} 1');
    expect(series.filter((line) => line.startsWith('zklock_explorer_process_cpu_seconds_total'))).toHaveLength(1);
    down.histories.emit('waited', '/hbase/locks/b', 0.001);
    expect(families(await registry(null).metrics()).series).toContain('zklock_wait_seconds_count{ensemble="down",lock="/hbase/locks/b"} 2');
    expect(families(await registry('down').metrics()).series).toContain('zklock_wait_seconds_count{ensemble="down",lock="/hbase/locks/b"} 2');
    expect(() => registry('solr')).toThrow(/solr/);
  });
});
