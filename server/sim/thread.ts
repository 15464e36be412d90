/**
 * The simulator as the explorer sees it: the contenders run in a thread of their own
 * (server/sim/worker.ts), and this is their controls and their list. `list()` is the list as the
 * thread last told it (after every answer, and at most every 200 ms while contenders move), so
 * that the socket's pushes and the sessions view never wait for the thread; `listNow()` asks it.
 */
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { ContenderAction, ContenderInfo, ContenderList, RecipeId, SpawnRequest } from '../../lib/protocol';
import { HttpError } from '../http-error';
import { typescriptWorker } from '../typescript-worker';
import { ZkError, type ZkSessionOptions } from '../zk/session';
import type { CrossedError, SimulatorCall, SimulatorMessage, SimulatorThreadData } from './worker';

export interface SimulatorThreadOptions {
  /** ZooKeeper's connection string (the contenders reach its first host through their proxies). */
  connectString: string;
  /** How the thread opens its own session: the explorer's session's `twinOptions()`. */
  session: ZkSessionOptions;
  /** The most contenders alive at once. */
  maxContenders: number;
  /** The sandbox root: never removed when a lock's parent is. */
  simRoot: string;
  /** Tells the explorer what its own herd contenders are, since their names cannot. */
  declare?: (path: string, recipe: RecipeId) => void;
  /** The bound shared with every other ensemble's simulator of the explorer. */
  budget?: ContenderBudget;
}

/**
 * The contenders alive in all the simulators of one explorer together: each holds a session and
 * a loopback proxy of the one process, so a fleet of N ensembles may not open N times the bound.
 */
export class ContenderBudget {
  private readonly counts = new Set<() => number>();
  /** Contenders asked for and not yet in their thread's list. */
  private asked = 0;

  constructor(readonly max: number) {}

  /** Counts a simulator's contenders against the bound; returns how to stop counting them. */
  join(count: () => number): () => void {
    this.counts.add(count);
    return () => this.counts.delete(count);
  }

  /** Keeps room for `count` more, or refuses with 429; returns how to give the room back (once: when they are in their list, or failed). */
  take(count: number): () => void {
    let running = this.asked;
    for (const counted of this.counts) running += counted();
    if (running + count > this.max) throw new HttpError(429, `at most ${this.max} contenders at once in this explorer, every ensemble's together (${running} running)`);
    this.asked += count;
    return () => {
      this.asked -= count;
    };
  }
}

interface SimulatorThreadEvents {
  changed: [];
}

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };
type CallWithoutNumber = SimulatorCall extends infer Call ? (Call extends { call: number } ? Omit<Call, 'call'> : never) : never;

export class SimulatorThread extends EventEmitter<SimulatorThreadEvents> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextCall = 1;
  private current: ContenderList = { contenders: [], violations: [] };
  /** Why the thread is gone, once it is; every later control is refused with it. */
  private gone: string | null = null;
  private readonly budget: ContenderBudget | null;
  private readonly leaveBudget: () => void;

  constructor(options: SimulatorThreadOptions) {
    super();
    this.budget = options.budget ?? null;
    this.leaveBudget = this.budget?.join(() => this.current.contenders.length) ?? ((): void => {});
    const data: SimulatorThreadData = { connectString: options.connectString, session: options.session, maxContenders: options.maxContenders, simRoot: options.simRoot };
    this.worker = typescriptWorker(new URL('./worker.ts', import.meta.url), data);
    this.worker.on('message', (message: SimulatorMessage) => {
      if ('list' in message) this.current = message.list;
      if ('event' in message) {
        if (message.event === 'declare') options.declare?.(message.path, message.recipe);
        else this.emit('changed');
        return;
      }
      const pending = this.pending.get(message.call);
      this.pending.delete(message.call);
      if ('error' in message) pending?.reject(uncross(message.error));
      else pending?.resolve(message.result);
    });
    this.worker.on('error', (error) => this.stopped(`the simulator's thread failed: ${error.message}`));
    this.worker.on('exit', (code) => this.stopped(`the simulator's thread exited (${code})`));
  }

  /** Spawns contenders; resolves once every one of them has its session and has joined the queue. */
  async spawn(request: SpawnRequest): Promise<ContenderInfo[]> {
    const giveBack = this.budget?.take(request.count) ?? ((): void => {});
    try {
      return (await this.ask({ method: 'spawn', request })) as ContenderInfo[];
    } finally {
      // The answer came with the thread's list, which counts them from now on.
      giveBack();
    }
  }

  /** Acts on one contender; resolves with it as it is then. */
  act(id: string, action: ContenderAction, ms?: number): Promise<ContenderInfo> {
    return this.ask({ method: 'act', id, action, ...(ms === undefined ? {} : { ms }) }) as Promise<ContenderInfo>;
  }

  /** Stops every contender (of one lock, when `path` is given) and removes their nodes; resolves with how many. */
  stopAll(path?: string): Promise<number> {
    return this.ask({ method: 'stopAll', ...(path === undefined ? {} : { path }) }) as Promise<number>;
  }

  /** Renews the lease of every contender of `path` spawned with one; resolves with how many. */
  renew(path: string): Promise<number> {
    return this.ask({ method: 'renew', path }) as Promise<number>;
  }

  /** The contenders and the mutual-exclusion violations, as the thread last told them. */
  list(): ContenderList {
    return this.current;
  }

  /** The same, asked of the thread now: counters move without a change worth pushing. */
  async listNow(): Promise<ContenderList> {
    await this.ask({ method: 'list' });
    return this.current;
  }

  async close(): Promise<void> {
    if (this.gone === null) await this.ask({ method: 'close' }).catch(() => undefined);
    this.gone ??= 'the simulator was closed';
    this.leaveBudget();
    await this.worker.terminate();
  }

  private ask(call: CallWithoutNumber): Promise<unknown> {
    if (this.gone !== null) return Promise.reject(new HttpError(503, this.gone));
    const number = this.nextCall++;
    return new Promise((resolve, reject) => {
      this.pending.set(number, { resolve, reject });
      this.worker.postMessage({ ...call, call: number } as SimulatorCall);
    });
  }

  private stopped(reason: string): void {
    if (this.gone === null) {
      this.gone = reason;
      console.error(reason);
    }
    for (const pending of this.pending.values()) pending.reject(new HttpError(503, reason));
    this.pending.clear();
  }
}

/** The error as it was thrown in the simulator's thread. */
function uncross(error: CrossedError): Error {
  if (error.kind === 'http') return new HttpError(error.status, error.message);
  if (error.kind === 'zk') return new ZkError(error.code, error.message, error.path);
  return new Error(error.message);
}
