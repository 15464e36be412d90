/**
 * A crashed client, for testing what the explorer tells of it on every kind of ensemble: it holds
 * a lock through a proxy, the proxy dies as a crashed process would, and ZooKeeper keeps its
 * session (and its node) until the session expires.
 */
import { expect } from 'vitest';
import { SessionListSchema, type SessionSummary } from '../../lib/protocol';
import { FaultProxy } from '../sim/proxy';
import { ZkSession } from '../zk/session';
import type { ZkTransport } from '../zk/wire/connection';
import { eventually, type RunningExplorer } from './harness';

// Long enough that ZooKeeper's report is read (and `dump` asked) well before the session expires, even on a busy machine.
const SESSION_TIMEOUT_MS = 12_000;
// The longest tick of the ZooKeepers these tests start (`server/zk/embedded.ts`'s default).
const TICK_MS = 2000;

/**
 * Crashes a holder of `lock` on the ZooKeeper at `port` (reached as `transport` says: the proxy
 * speaks its TLS, the client its SASL) and checks that the explorer's sessions say it has no
 * connection and when ZooKeeper will expire it, to within `toleranceMs` of the moment its node
 * really goes. Returns what the explorer said.
 */
export async function expectCrashExpiryTold(running: RunningExplorer, port: number, transport: ZkTransport, lock: string, toleranceMs: number): Promise<SessionSummary> {
  const proxy = await FaultProxy.start({ host: '127.0.0.1', port }, transport.tls);
  const client = new ZkSession({ connectString: proxy.connectString, sessionTimeoutMs: SESSION_TIMEOUT_MS, transport: { tls: null, sasl: transport.sasl } });
  try {
    await client.start(10_000);
    const owner = client.sessionId!;
    await client.mkdirp(lock);
    const node = await client.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    proxy.kill();
    const killedAt = Date.now();
    const told = await eventually(async () => {
      const response = await fetch(`${running.url}/api/sessions?${new URLSearchParams({ q: lock })}`);
      const { sessions } = SessionListSchema.parse(await response.json());
      // No connection on any member, and when ZooKeeper expires it. Its client may still be named: the address it last connected
      // from, kept for a holder once a report saw it connected (which a busy machine's report does before the kill, an idle one rarely).
      return sessions.find((session) => session.sessionId === owner && session.connection === 'none' && session.expiresAt !== null);
    }, SESSION_TIMEOUT_MS);
    expect(told.client === null || /^127\.0\.0\.1:\d+$/.test(told.client), `the client named: ${told.client}`).toBe(true);
    // ZooKeeper expires a session no later than its timeout and a tick after it last heard from it;
    // the time told is placed on the wall clock through the explorer's own session, to within half a
    // tick and half a round trip (`wallClockExpiries`). A fresh-clone run told 14,588 ms after the kill.
    expect(told.expiresAt! - killedAt).toBeLessThanOrEqual(SESSION_TIMEOUT_MS + TICK_MS + TICK_MS / 2 + 500);
    // Its node goes when the session expires: watched through the explorer's own session.
    await eventually(async () => ((await running.session.exists(node)) === null ? true : undefined), 20_000);
    expect(Math.abs(Date.now() - told.expiresAt!)).toBeLessThanOrEqual(toleranceMs);
    return told;
  } finally {
    client.close();
    await proxy.close();
  }
}
