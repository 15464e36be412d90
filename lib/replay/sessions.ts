/**
 * Every session the files tell of: made (its `createSession`, with the timeout it was given), or
 * there at the snapshot the replay began from; ended by a `closeSession`, which ZooKeeper's own
 * request (cxid 0) makes an expiry. An expired session was last heard from at most its timeout
 * before the expiry: the bound a post-mortem reads as "the client died at or before".
 */
import type { Txn } from '../zk/txn-log';
import { zxidHex } from '../zk/ids';

export interface FileSession {
  id: string;
  /** The timeout ZooKeeper gave it (ms); null where the files never said. */
  timeoutMs: number | null;
  /** Its `createSession` (ms, zxid); null for one there at the start. */
  createdAt: number | null;
  createdZxid: string | null;
  /** Its `closeSession`; null while it lives. */
  endedAt: number | null;
  endedZxid: string | null;
  /** `gap`: gone by the snapshot after a stretch of the log that could not be read (how is not known; `endedAt` is the snapshot's moment). */
  ended: 'expired' | 'closed' | 'gap' | null;
}

export class FileSessions {
  private readonly sessions = new Map<string, FileSession>();

  /** The sessions of the snapshot the replay began from (their timeouts, not when they were made). */
  constructor(initial: ReadonlyMap<string, number> = new Map()) {
    for (const [id, timeoutMs] of initial) this.sessions.set(id, { id, timeoutMs, createdAt: null, createdZxid: null, endedAt: null, endedZxid: null, ended: null });
  }

  observe(txn: Txn): void {
    if (txn.failed) return;
    if (txn.type === 'createSession') {
      const op = txn.ops.find((one) => one.type === 'createSession');
      this.sessions.set(txn.session, { id: txn.session, timeoutMs: op !== undefined && 'timeoutMs' in op ? op.timeoutMs : null, createdAt: txn.time, createdZxid: zxidHex(txn.zxid), endedAt: null, endedZxid: null, ended: null });
    } else if (txn.type === 'closeSession') {
      const known = this.sessions.get(txn.session) ?? { id: txn.session, timeoutMs: null, createdAt: null, createdZxid: null, endedAt: null, endedZxid: null, ended: null };
      this.sessions.set(txn.session, { ...known, endedAt: txn.time, endedZxid: zxidHex(txn.zxid), ended: txn.cxid === 0 ? 'expired' : 'closed' });
    }
  }

  /**
   * After a stretch of the log that could not be read, the sessions of the snapshot read on from
   * (`Replay.jump`): one living before and not there ended in the gap (but one the log closes
   * right after, which a fuzzy snapshot may have closed already); one there and not known was
   * made in it (when is not known).
   */
  gap(living: ReadonlyMap<string, number>, at: { zxid: string; time: number }, closedLater: ReadonlySet<string> = new Set()): void {
    for (const session of this.sessions.values()) {
      if (session.ended === null && !living.has(session.id) && !closedLater.has(session.id)) this.sessions.set(session.id, { ...session, endedAt: at.time, endedZxid: at.zxid, ended: 'gap' });
    }
    for (const [id, timeoutMs] of living) {
      const known = this.sessions.get(id);
      if (known === undefined || known.ended !== null) this.sessions.set(id, { id, timeoutMs, createdAt: null, createdZxid: null, endedAt: null, endedZxid: null, ended: null });
    }
  }

  get(id: string): FileSession | undefined {
    return this.sessions.get(id);
  }

  /** Every session, in the order the files told of them. */
  all(): FileSession[] {
    return [...this.sessions.values()];
  }

  /** The latest moment an expired session can have been heard from: its expiry less its timeout; null where either is unknown. */
  lastHeardBound(id: string): number | null {
    const session = this.sessions.get(id);
    if (session?.ended !== 'expired' || session.endedAt === null || session.timeoutMs === null) return null;
    return session.endedAt - session.timeoutMs;
  }
}
