import { Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LockHistogram } from './metrics';

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
