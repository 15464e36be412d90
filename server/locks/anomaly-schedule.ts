/**
 * When a watched lock's anomalies are judged: shortly after a change went out (at most once per
 * ANOMALY_DELAY_MS, so that a burst of handovers pays once), at once when someone reads the lock,
 * and the moment a holder passes the stale threshold, by a timer set for it.
 */
import { nextStaleAt, type AnomalyContext } from '../../lib/lock/anomalies';
import { withAnomalies } from '../../lib/lock/queue';
import type { LockDelta, LockSnapshot } from '../../lib/protocol';
import { CONFIG_DEFAULTS } from '../config';

const ANOMALY_DELAY_MS = 200;

export interface AnomalyContextSource {
  /** What the anomalies depend on besides the lock: the stale-holder threshold, the deadlocks it is part of, the sessions without a connection. */
  (): LockContext;
}

/** What a lock's anomalies depend on besides the lock and the time. */
export type LockContext = Pick<AnomalyContext, 'staleHolderMs' | 'deadlocks' | 'disconnected'>;

/** Without a context of its own: the configured default threshold, no deadlocks. */
const NO_CONTEXT = { staleHolderMs: CONFIG_DEFAULTS.staleHolderMs, deadlocks: [] };

export class AnomalySchedule {
  private timer: NodeJS.Timeout | null = null;
  private staleTimer: NodeJS.Timeout | null = null;

  constructor(
    /** The lock as it is now. */
    private readonly current: () => LockSnapshot,
    /** Publishes the lock with its anomalies judged again. */
    private readonly apply: (snapshot: LockSnapshot, delta: LockDelta) => void,
    private readonly context: AnomalyContextSource = () => NO_CONTEXT,
  ) {}

  /** The anomalies of `snapshot`, judged now. */
  judged(snapshot: LockSnapshot): LockSnapshot {
    return withAnomalies(snapshot, { now: Date.now(), ...this.context() })?.snapshot ?? snapshot;
  }

  /** Judges them a moment from now (once for a burst of changes). */
  soon(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.judge();
    }, ANOMALY_DELAY_MS);
  }

  /** Judges now what is still waiting for its moment: whoever reads the lock gets the same answer as the page a moment later. */
  settle(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.judge();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    this.timer = null;
    this.staleTimer = null;
  }

  private judge(): void {
    const now = Date.now();
    const context = this.context();
    const updated = withAnomalies(this.current(), { now, ...context });
    if (updated !== null) this.apply(updated.snapshot, updated.delta);
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    const staleAt = nextStaleAt(this.current(), now, context.staleHolderMs);
    this.staleTimer = staleAt === null ? null : setTimeout(() => this.soon(), Math.min(staleAt - now, 2 ** 31 - 1));
  }
}
