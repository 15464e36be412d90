/**
 * Timers on a shared grid: each fires at the first grid point at or after its moment, with every
 * other timer due at that point, from one timer of Node.js. A lock's watcher sets a timer at
 * nearly every change (its anomalies judged 200 ms after a burst, its pzxid read 250 ms after a
 * deletion, the moment its holder passes the stale threshold): 100 locks handing over set them at
 * 280 different moments a second, and each moment woke the process on its own. Waking it costs
 * more than what the timer then does (the bench's 5 ms probe alone was a tenth of the explorer's
 * CPU), so the locks' timers share the grid's ten wake-ups a second, each at most a grid step late.
 */

/** A timer set: what `cancel` takes. */
export interface CoarseTimer {
  readonly point: number;
  readonly fire: () => void;
}

/** The longest a timer of Node.js waits. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export class CoarseTimers {
  /** The timers of each grid point (ms since the epoch), in the order they were set. */
  private readonly points = new Map<number, Set<CoarseTimer>>();
  private timer: NodeJS.Timeout | null = null;
  /** The grid point the timer of Node.js is set for. */
  private armedFor: number | null = null;
  /** The grid point's timers being fired; what is set meanwhile waits for the run's end to be armed. */
  private firing: Set<CoarseTimer> | null = null;

  constructor(
    private readonly gridMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls `fire` at the first grid point at or after `at` (ms since the epoch). */
  set(at: number, fire: () => void): CoarseTimer {
    const point = Math.ceil(at / this.gridMs) * this.gridMs;
    const timer = { point, fire };
    let due = this.points.get(point);
    if (due === undefined) {
      due = new Set();
      this.points.set(point, due);
    }
    due.add(timer);
    if (this.firing === null && (this.armedFor === null || point < this.armedFor)) this.arm(point);
    return timer;
  }

  cancel(timer: CoarseTimer): void {
    // Due in the run under way: it is left out of it (a Set's iteration skips what is deleted before it is reached).
    if (this.firing?.delete(timer) === true) return;
    const due = this.points.get(timer.point);
    if (due === undefined || !due.delete(timer) || due.size > 0) return;
    this.points.delete(timer.point);
    if (this.points.size === 0) this.disarm();
  }

  /** How many timers are set (with no timer set, no timer of Node.js is left either). */
  get size(): number {
    let count = 0;
    for (const due of this.points.values()) count += due.size;
    return count;
  }

  private arm(point: number): void {
    this.disarm();
    this.armedFor = point;
    this.timer = setTimeout(this.run, Math.min(Math.max(0, point - this.now()), MAX_DELAY_MS));
  }

  private disarm(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = null;
  }

  /** Fires every grid point due (a timer set meanwhile for a point due already fires in this run too), then waits for the next. */
  private readonly run = (): void => {
    this.timer = null;
    this.armedFor = null;
    let next: number | null = null;
    try {
      for (;;) {
        next = null;
        for (const point of this.points.keys()) if (next === null || point < next) next = point;
        if (next === null || next > this.now()) break;
        const due = this.points.get(next)!;
        this.points.delete(next);
        this.firing = due;
        for (const timer of due) {
          try {
            timer.fire();
          } catch (error) {
            // One lock's failure must not keep the others' timers from firing: said, as an uncaught error would be.
            console.error(error);
          }
        }
      }
    } finally {
      this.firing = null;
    }
    if (next !== null) this.arm(next);
  };
}
