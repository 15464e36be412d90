/**
 * The time and chance a simulation runs on, injected so that a run can be replayed: the
 * system's by default, a manual clock and a seeded random source in tests.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

export interface SimClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Runs `run` once after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void;
  /** Runs `run` every `ms`; returns what stops it. */
  every(ms: number, run: () => void): () => void;
}

/** Resolves after `ms` on `clock`. */
export function sleep(clock: SimClock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.after(ms, resolve));
}

export const systemClock: SimClock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  every: (ms, run) => {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
};

/** A clock that moves only when told to (`advance`), running what fell due in time order. */
export class ManualClock implements SimClock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; every: number | null; run: () => void }>();

  now(): number {
    return this.time;
  }

  after(ms: number, run: () => void): () => void {
    return this.add(ms, null, run);
  }

  every(ms: number, run: () => void): () => void {
    return this.add(ms, Math.max(1, ms), run);
  }

  /** Moves the clock on by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (due === undefined) break;
      const [id, timer] = due;
      this.time = Math.max(this.time, timer.at);
      if (timer.every === null) this.timers.delete(id);
      else timer.at += timer.every;
      timer.run();
    }
    this.time = end;
  }

  private add(ms: number, every: number | null, run: () => void): () => void {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, every, run });
    return () => this.timers.delete(id);
  }
}

/** Where a simulation's GUIDs come from. */
export type GuidSource = () => string;

/** The system's random GUIDs. */
export const randomGuids: GuidSource = () => randomUUID();

/** Version-4 GUIDs drawn from `random` (numbers in [0, 1)): a seeded source replays the same ones. */
export function guidsFrom(random: () => number): GuidSource {
  const hex = (count: number): string => Array.from({ length: count }, () => Math.floor(random() * 16).toString(16)).join('');
  return () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
}
