/**
 * The simulated contenders: spawned on request, each a real client with its own session, kept
 * until stopped. It records every hold for the mutual-exclusion check and tells listeners when
 * anything a viewer would see changed.
 */
import { EventEmitter } from 'node:events';
import { findViolations, type HoldInterval } from '../../lib/sim/ledger';
import type { ContenderAction, ContenderList, RecipeId, SpawnRequest } from '../../lib/protocol';
import { childPath, isWithin, parentPath } from '../../lib/zk/path';
import { ZkError, type ZkSession } from '../zk/session';
import { HttpError } from '../http-error';
import type { GuidSource, SimClock } from './clock';
import { Contender } from './contender';

export interface SimulatorOptions {
  /** ZooKeeper's connection string (the contenders reach its first host through their proxies). */
  connectString: string;
  /** The explorer's own session, used to prepare lock paths and clean up. */
  session: ZkSession;
  /** The most contenders alive at once. */
  maxContenders: number;
  /** The sandbox root, never removed with a lock's parent; absent: no parent is removed. */
  simRoot?: string;
  /** Tells the explorer what its own herd contenders are, since their names cannot. */
  declare?: (path: string, recipe: RecipeId) => void;
  /** The time the contenders run on and where their GUIDs come from: the system's when absent; a test's to replay a run. */
  clock?: SimClock;
  guids?: GuidSource;
}

interface SimulatorEvents {
  changed: [];
}

// Opening a thousand sessions at once would queue them all behind one another's handshakes.
const CONNECT_CONCURRENCY = 64;

export class Simulator extends EventEmitter<SimulatorEvents> {
  private readonly contenders = new Map<string, Contender>();
  private readonly holds = new Map<string, HoldInterval[]>();
  private readonly leaseLimits = new Map<string, number>();
  /** Locks whose znode (and emptied parent) go when their contenders stop. */
  private readonly removable = new Set<string>();
  /** Each spawn's time limit: its contenders stop then, if nobody stopped them before. */
  private readonly limits = new Map<Contender[], NodeJS.Timeout>();
  /** Contenders spawned with a lease, their lock, and the timer that stops them unless renewed first. */
  private readonly leases = new Map<Contender[], { path: string; leaseMs: number; timer: NodeJS.Timeout }>();
  private nextId = 1;
  private changeTimer: NodeJS.Timeout | null = null;
  private readonly target: { host: string; port: number };

  constructor(private readonly options: SimulatorOptions) {
    super();
    const first = options.connectString.split('/')[0]!.split(',')[0]!;
    const cut = first.lastIndexOf(':');
    this.target = { host: first.slice(0, cut).replace(/^\[|\]$/g, ''), port: Number(first.slice(cut + 1)) };
  }

  /** Spawns `count` contenders and resolves once every one of them has its session. */
  async spawn(request: SpawnRequest): Promise<Contender[]> {
    if (this.contenders.size + request.count > this.options.maxContenders) {
      throw new HttpError(429, `at most ${this.options.maxContenders} contenders at once (${this.contenders.size} running)`);
    }
    await this.options.session.mkdirp(request.path);
    if (request.strategy === 'herd') this.options.declare?.(request.path, 'herd');
    if (request.strategy === 'semaphore') {
      // Kazoo keeps the lease limit as the semaphore path's data.
      await this.options.session.mkdirp(`${request.path}-__lock__`);
      await this.setData(request.path, String(request.maxLeases));
      this.leaseLimits.set(request.path, request.maxLeases);
    }
    const created: Contender[] = [];
    for (let i = 0; i < request.count; i += 1) {
      const id = `c${this.nextId++}`;
      const contender = new Contender({
        ...request,
        id,
        target: this.target,
        transport: this.options.session.transport,
        onChange: () => this.changed(),
        onHold: (interval) => this.recordHold(request.path, interval),
        clock: this.options.clock,
        guids: this.options.guids,
      });
      this.contenders.set(id, contender);
      created.push(contender);
    }
    const failures: string[] = [];
    for (let start = 0; start < created.length; start += CONNECT_CONCURRENCY) {
      await Promise.all(
        created.slice(start, start + CONNECT_CONCURRENCY).map((contender) =>
          contender.connect().catch((error: unknown) => {
            failures.push(error instanceof Error ? error.message : String(error));
          }),
        ),
      );
    }
    if (failures.length > 0) {
      for (const contender of created) {
        this.contenders.delete(contender.id);
        await contender.close();
      }
      throw new HttpError(503, `${failures.length} of ${created.length} contenders could not connect: ${failures[0]}`);
    }
    // One after another, so that the queue is in spawn order and a run can be told again.
    for (const contender of created) await contender.start();
    if (request.removeParent === true) this.removable.add(request.path);
    if (request.ttlMs !== undefined) {
      const timer = setTimeout(() => {
        this.limits.delete(created);
        void this.stopContenders(created.filter((contender) => this.contenders.get(contender.id) === contender)).catch((error: unknown) => {
          console.warn(`stopping contenders at their time limit: ${error instanceof Error ? error.message : String(error)}`);
        });
      }, request.ttlMs);
      timer.unref();
      this.limits.set(created, timer);
    }
    if (request.leaseMs !== undefined) this.leases.set(created, { path: request.path, leaseMs: request.leaseMs, timer: this.leaseTimer(created, request.leaseMs) });
    this.changed();
    return created;
  }

  /** Stops `created` once `leaseMs` pass without a renewal. */
  private leaseTimer(created: Contender[], leaseMs: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.leases.delete(created);
      void this.stopContenders(created.filter((contender) => this.contenders.get(contender.id) === contender)).catch((error: unknown) => {
        console.warn(`stopping contenders whose lease ran out: ${error instanceof Error ? error.message : String(error)}`);
      });
    }, leaseMs);
    timer.unref();
    return timer;
  }

  /** Renews the lease of every contender of `path` spawned with one; how many were renewed (their time limit still holds). */
  renew(path: string): number {
    let renewed = 0;
    for (const [created, lease] of this.leases) {
      if (lease.path !== path) continue;
      clearTimeout(lease.timer);
      lease.timer = this.leaseTimer(created, lease.leaseMs);
      renewed += created.filter((contender) => this.contenders.get(contender.id) === contender).length;
    }
    return renewed;
  }

  list(): ContenderList {
    const violations = [];
    for (const [path, intervals] of this.holds) {
      for (const violation of findViolations(intervals, this.leaseLimits.get(path) ?? 1)) violations.push({ path, ...violation });
    }
    return { contenders: [...this.contenders.values()].map((contender) => contender.info()), violations };
  }

  get(id: string): Contender {
    const contender = this.contenders.get(id);
    if (contender === undefined) throw new HttpError(404, `no contender ${id}`);
    return contender;
  }

  async act(id: string, action: ContenderAction, ms?: number): Promise<void> {
    const contender = this.get(id);
    switch (action) {
      case 'release':
        if (!contender.release()) throw new HttpError(409, `${id} does not hold the lock (it is ${contender.currentState})`);
        return;
      case 'crash':
        contender.crash();
        return;
      case 'expire':
        await contender.expire(this.options.connectString);
        return;
      case 'pause':
        contender.pause(ms ?? 5000);
        return;
      case 'disconnect-during-create':
        // Resolves when its next create happened; the caller need not wait for that.
        void contender.loseNextCreateReply();
        return;
    }
  }

  /**
   * Stops every contender (of one lock, when `path` is given) and removes their nodes, also
   * those of crashed sessions that have not timed out yet.
   */
  async stopAll(path?: string): Promise<number> {
    return this.stopContenders([...this.contenders.values()].filter((contender) => path === undefined || contender.info().path === path));
  }

  private async stopContenders(all: readonly Contender[]): Promise<number> {
    const paths = new Set(all.map((contender) => contender.info().path));
    await Promise.all(all.map((contender) => contender.close()));
    for (const contender of all) this.contenders.delete(contender.id);
    for (const [spawned, timer] of this.limits) {
      if (spawned.every((contender) => !this.contenders.has(contender.id))) {
        clearTimeout(timer);
        this.limits.delete(spawned);
      }
    }
    for (const [spawned, lease] of this.leases) {
      if (spawned.every((contender) => !this.contenders.has(contender.id))) {
        clearTimeout(lease.timer);
        this.leases.delete(spawned);
      }
    }
    const running = new Set([...this.contenders.values()].map((contender) => contender.info().path));
    for (const stopped of paths) {
      this.holds.delete(stopped);
      await this.removeChildren(stopped);
      if (this.removable.has(stopped) && !running.has(stopped)) {
        this.removable.delete(stopped);
        await this.removeEmptyLock(stopped);
      }
    }
    this.changed();
    return all.length;
  }

  /** Removes a lock's znode once it is empty, and its parent if that is left empty too, never the sandbox root. */
  private async removeEmptyLock(path: string): Promise<void> {
    const root = this.options.simRoot;
    if (root === undefined) return;
    for (const target of [path, parentPath(path)]) {
      if (!insideSandbox(target, root)) return;
      try {
        await this.options.session.remove(target);
      } catch (error) {
        if (error instanceof ZkError && (error.code === 'NOT_EMPTY' || error.code === 'NO_NODE')) return;
        throw error;
      }
    }
  }

  /** The contender behind a session, to act on a node from the lock page. */
  bySession(sessionId: string): Contender | undefined {
    for (const contender of this.contenders.values()) if (contender.sessionId === sessionId) return contender;
    return undefined;
  }

  async close(): Promise<void> {
    for (const timer of this.limits.values()) clearTimeout(timer);
    this.limits.clear();
    for (const lease of this.leases.values()) clearTimeout(lease.timer);
    this.leases.clear();
    await Promise.all([...this.contenders.values()].map((contender) => contender.close()));
    this.contenders.clear();
    if (this.changeTimer) clearTimeout(this.changeTimer);
  }

  private recordHold(path: string, interval: HoldInterval): void {
    const intervals = this.holds.get(path) ?? [];
    intervals.push(interval);
    this.holds.set(path, intervals);
    const involved = findViolations(intervals, this.leaseLimits.get(path) ?? 1).filter((violation) => violation.contenders.includes(interval.contender));
    for (const violation of involved) for (const id of violation.contenders) this.contenders.get(id)?.countViolation();
  }

  private async removeChildren(path: string): Promise<void> {
    for (const parent of [path, `${path}-__lock__`]) {
      let names: string[];
      try {
        ({ children: names } = await this.options.session.getChildren(parent));
      } catch (error) {
        if (error instanceof ZkError && error.code === 'NO_NODE') continue;
        throw error;
      }
      await Promise.all(
        names.map((name) =>
          this.options.session.remove(childPath(parent, name)).catch((error: unknown) => {
            if (!(error instanceof ZkError && (error.code === 'NO_NODE' || error.code === 'NOT_EMPTY'))) throw error;
          }),
        ),
      );
    }
  }

  private async setData(path: string, text: string): Promise<void> {
    await this.options.session.setData(path, Buffer.from(text));
  }

  /** Listeners hear of changes at most every 200 ms: a thousand contenders change many times a second. */
  private changed(): void {
    if (this.changeTimer !== null) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = null;
      this.emit('changed');
    }, 200);
  }
}

/** Whether `path` is inside the sandbox root simulations may touch. */
export function insideSandbox(path: string, simRoot: string): boolean {
  return isWithin(path, simRoot) && path !== simRoot;
}
