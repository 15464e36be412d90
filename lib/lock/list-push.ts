/**
 * The lock list's pushes as a state machine over plain data: which locks' lines may have changed
 * since the last push and which went, when the next push is due, and which locks' activity
 * figures (handovers a minute, p99 wait) still move as their window ages. It reads no clock and
 * sets no timer: discovery (`server/locks/discovery.ts`) runs it, making the lines it names and
 * waking at `dueAt`; unit tests drive it on a manual clock.
 *
 * A push goes at most once an interval, and at most once per `costFactor` times what making the
 * last one took (ten thousand locks changed at once are not made again every 250 ms). A lock's
 * figures cover a window of minutes after its last change: until the window has passed, the
 * runner is asked for them every refresh, and the line is pushed again only when they moved.
 */

export interface ListPushOptions {
  /** The shortest time between two pushes (ms). */
  intervalMs: number;
  /** A push waits at least this many times what making the last one took. */
  costFactor: number;
  /** How long after a lock's last change its activity figures may still move (ms). */
  windowMs: number;
}

export interface ListPushState {
  /** Locks whose line may have changed since the last push. */
  dirty: Set<string>;
  /** Locks that left the list since the last push. */
  removed: Set<string>;
  /** When each lock last changed, while its activity figures may still move. */
  changedAt: Map<string, number>;
  /** Each lock's activity figures as last pushed (one comparable string): a line is pushed again when they move, not each time they are made. */
  pushed: Map<string, string>;
  /** When the next push is due (ms); null while none is asked. */
  dueAt: number | null;
  /** What making the last push took (ms). */
  costMs: number;
}

/** What one push sends: the lines to make and send again, and the locks that went. */
export interface ListPush {
  dirty: string[];
  removed: string[];
}

export function listPushState(): ListPushState {
  return { dirty: new Set(), removed: new Set(), changedAt: new Map(), pushed: new Map(), dueAt: null, costMs: 0 };
}

/** Asks a push, unless one is due already: at the interval, or later when making the last took long. */
export function askPush(state: ListPushState, now: number, options: ListPushOptions): void {
  state.dueAt ??= now + Math.max(options.intervalMs, options.costFactor * state.costMs);
}

/**
 * A lock's line may have changed. `changedAt` is when the lock itself changed (a handover, a
 * new waiter: its activity figures move from then on); null where only its line did (a
 * semaphore's queue shown again as a lock of its own).
 */
export function lineChanged(state: ListPushState, path: string, now: number, options: ListPushOptions, changedAt: number | null = null): void {
  if (changedAt !== null) state.changedAt.set(path, changedAt);
  state.dirty.add(path);
  state.removed.delete(path);
  askPush(state, now, options);
}

/** A lock left the list: its line goes with the next push, and nothing of it is kept. */
export function lineGone(state: ListPushState, path: string, now: number, options: ListPushOptions): void {
  state.dirty.delete(path);
  state.changedAt.delete(path);
  state.pushed.delete(path);
  state.removed.add(path);
  askPush(state, now, options);
}

/**
 * The locks whose activity figures may still move: those that changed within the window and are
 * still `listed`. The others are forgotten; their figures stand as last pushed.
 */
export function agingLocks(state: ListPushState, now: number, options: ListPushOptions, listed: ReadonlySet<string>): string[] {
  const oldest = now - options.windowMs;
  const aging: string[] = [];
  for (const [path, at] of state.changedAt) {
    if (at < oldest || !listed.has(path)) state.changedAt.delete(path);
    else aging.push(path);
  }
  return aging;
}

/**
 * A lock's activity figures as they are now (`key`, as `pushed` keeps them): its line is pushed
 * again when they differ from those last pushed. `onlyPushed`: a lock never pushed is left (a
 * whole list made for a page that starts to follow is not a reason to push). Says whether it was.
 */
export function figuresAre(state: ListPushState, path: string, key: string, now: number, options: ListPushOptions, onlyPushed = false): boolean {
  const before = state.pushed.get(path);
  if (before === key || (onlyPushed && before === undefined)) return false;
  lineChanged(state, path, now, options);
  return true;
}

/**
 * The push due at `now`, if one is: what it sends, taken from the state (a lock both changed and
 * gone is gone). Null before `dueAt`, or where none is asked.
 */
export function takePush(state: ListPushState, now: number): ListPush | null {
  if (state.dueAt === null || now < state.dueAt) return null;
  state.dueAt = null;
  const push: ListPush = { dirty: [...state.dirty], removed: [...state.removed] };
  state.dirty.clear();
  state.removed.clear();
  return push;
}

/** A line made for a push, and its figures as sent. */
export function linePushed(state: ListPushState, path: string, key: string): void {
  state.pushed.set(path, key);
}

/** What making a push took (ms): the next one waits `costFactor` times as long, at least. */
export function pushTook(state: ListPushState, ms: number): void {
  state.costMs = ms;
}
