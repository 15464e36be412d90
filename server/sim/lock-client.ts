/**
 * The lock client a contender's strategy runs on: its session's calls, each counted as the
 * classroom counts them (requests, getChildren calls, child-name bytes), and an inbox of the
 * watch notifications it received.
 */
import type { ZnodeStat } from '../../lib/protocol';
import { ZkError, type CreateMode, type Watcher, type ZkSession } from '../zk/session';
import { sleep, type SimClock } from './clock';
import type { LockClient } from './strategies';

/** Thrown into a contender's steps when it is stopped. */
export class Stopped extends Error {}

/** What a contender counts of its own costs. */
export interface Counters {
  acquisitions: number;
  notifications: number;
  wakeups: number;
  getChildren: number;
  requests: number;
  childBytes: number;
  waitMs: number;
  holdMs: number;
}

export function newCounters(): Counters {
  return { acquisitions: 0, notifications: 0, wakeups: 0, getChildren: 0, requests: 0, childBytes: 0, waitMs: 0, holdMs: 0 };
}

/** The watch notifications a contender received and has not looked at yet, and the one step waiting for the next. */
export class Inbox {
  private unseen = 0;
  private wake: (() => void) | null = null;
  private closed = false;

  /** Whether a step waits for a notification now: its watch is set and nothing woke it yet. */
  get awaiting(): boolean {
    return this.wake !== null;
  }

  /** A notification came. */
  deliver(): void {
    this.unseen += 1;
    this.wake?.();
  }

  /** Resolves at the next notification (at once when one came unseen); rejects with Stopped once closed. */
  next(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.closed) {
        reject(new Stopped());
        return;
      }
      if (this.unseen > 0) {
        this.unseen = 0;
        resolve();
        return;
      }
      this.wake = () => {
        this.wake = null;
        this.unseen = 0;
        resolve();
      };
    });
  }

  /** No notification is waited for any more: a waiting step is let go (and sees it is stopped). */
  close(): void {
    this.closed = true;
    this.wake?.();
  }
}

export interface LockClientParts {
  path: string;
  uuid: string;
  hex: string;
  protected: boolean;
  id: string;
  maxLeases: number;
  sessionTimeoutMs: number;
  clock: SimClock;
  counters: Counters;
  inbox: Inbox;
  /** The contender's session; throws CONNECTION_LOSS while it has none. */
  session: () => ZkSession;
  /** Called on each notification, after it is counted: a viewer may want to know. */
  onNotification: () => void;
  /** Called once a create is answered (`created`: the node made, null when it failed): contenders started one after another queue in that order. */
  onCreate: (created: string | null, mode: CreateMode) => void;
  /** Called once a node it removes is gone. */
  onRemove: (path: string) => void;
}

/** The counted lock client over a contender's session. */
export function countedLockClient(parts: LockClientParts): LockClient {
  const { counters, inbox, session } = parts;
  const watcher: Watcher = () => {
    counters.notifications += 1;
    inbox.deliver();
    parts.onNotification();
  };
  const count = (): void => {
    counters.requests += 1;
  };
  const orNull = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ZkError && error.code === 'NO_NODE') return null;
      throw error;
    }
  };
  return {
    path: parts.path,
    uuid: parts.uuid,
    hex: parts.hex,
    sessionDecimal: () => BigInt(session().sessionId ?? '0x0').toString(),
    protected: parts.protected,
    data: Buffer.from(`sim ${parts.id}`),
    maxLeases: parts.maxLeases,
    getChildren: async (path, watch) => {
      count();
      counters.getChildren += 1;
      const { children } = await session().getChildren(path, watch ? watcher : undefined);
      for (const name of children) counters.childBytes += name.length;
      return children;
    },
    exists: (path, watch): Promise<ZnodeStat | null> => {
      count();
      return session().exists(path, watch ? watcher : undefined);
    },
    getData: (path, watch) => {
      count();
      return orNull(() => session().getData(path, watch ? watcher : undefined));
    },
    create: (path, data, mode: CreateMode) => {
      count();
      return session()
        .create(path, data, mode)
        .then(
          (created) => {
            parts.onCreate(created, mode);
            return created;
          },
          (error: unknown) => {
            parts.onCreate(null, mode);
            throw error;
          },
        );
    },
    remove: async (path) => {
      count();
      try {
        await session().remove(path);
      } catch (error) {
        if (!(error instanceof ZkError && error.code === 'NO_NODE')) throw error;
      }
      parts.onRemove(path);
    },
    notified: () => inbox.next(),
    wasted: () => {
      counters.wakeups += 1;
    },
    // A request fails with CONNECTION_LOSS a moment before the client reports the disconnect.
    reconnected: async () => {
      await sleep(parts.clock, 20);
      await session().waitForConnection(parts.sessionTimeoutMs * 2);
    },
  };
}
