/**
 * The explorer against secured ZooKeepers as production runs them: (b) mutual TLS only, and
 * (c) SASL DIGEST-MD5 required. Real Kazoo contenders run beside it over the same security, and
 * a refused connection gives a state and a one-line reason instead of an endless "connecting".
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, health, lockOf, refusedExplorer, settledQueue, simulate, startExplorer, type RunningExplorer } from '../testing/harness';
import { expectCrashExpiryTold } from '../testing/crash';
import { freePort } from '../net';
import { RealContenders } from '../testing/real-clients';
import { makeTestPki, startSaslZooKeeper, startTlsZooKeeper, type TestPki } from '../testing/secure-zookeeper';
import type { EmbeddedZooKeeper } from './embedded';
import { fourLetterWord } from './four-letter';
import type { ZkTransport } from './wire/connection';

describe('(b) mutual TLS only', () => {
  let pki: TestPki;
  let zookeeper: EmbeddedZooKeeper;
  let running: RunningExplorer;
  let kazooTls: Record<string, string>;

  beforeAll(async () => {
    pki = makeTestPki();
    zookeeper = await startTlsZooKeeper(pki);
    kazooTls = { ZK_TLS_CA: pki.files.ca, ZK_TLS_CERT: pki.files.cert, ZK_TLS_KEY: pki.files.key };
    running = await startExplorer({ roots: ['/tls'] }, { connectString: zookeeper.connectString }, { connectString: zookeeper.connectString, transport: { tls: pki.tls, sasl: null } });
  });

  afterAll(async () => {
    await running?.close();
    await zookeeper?.stop();
  });

  it('really serves clients only over TLS, and only with a certificate its CA signed', async () => {
    expect(await fourLetterWord('127.0.0.1', zookeeper.port, 'srvr', 2000, pki.tls)).toMatch(/Mode: standalone/);
    await expect(fourLetterWord('127.0.0.1', zookeeper.port, 'srvr', 2000, { ...pki.tls, cert: null, key: null })).rejects.toThrow(/certificate/);
    // Plain TCP gets no answer.
    expect(await fourLetterWord('127.0.0.1', zookeeper.port, 'srvr', 2000).catch(() => '')).toBe('');
  });

  it('reads a real Kazoo queue right: holder, waiters, every watch confirmed and every client shown, through a handover', async () => {
    const lock = '/tls/orders/lock';
    const kazoo = await RealContenders.start(zookeeper.connectString, lock, 'kazoo-lock', '4', kazooTls);
    try {
      let snapshot = await settledQueue(running, lock, 4);
      expect(snapshot.recipe.id).toBe('kazoo-lock');
      expect(new Set(snapshot.nodes.map((node) => node.sessionId))).toEqual(new Set(kazoo.sessions.values()));
      expect(snapshot.nodes.filter((node) => node.role === 'holder').map((node) => node.sessionId)).toEqual(kazoo.holderSessions());
      expect(snapshot.nodes.every((node) => node.client !== null && /^127\.0\.0\.1:\d+$/.test(node.client))).toBe(true);
      expect(snapshot.anomalies).toEqual([]);

      kazoo.release(0);
      await kazoo.until(() => kazoo.holding.has(1), 10_000, 'the next contender to hold');
      snapshot = await settledQueue(running, lock, 3);
      expect(snapshot.nodes.filter((node) => node.role === 'holder').map((node) => node.sessionId)).toEqual([kazoo.sessions.get(1)]);

      const status = await health(running);
      expect(status.zookeeper).toMatchObject({ state: 'connected', reason: null });
      expect(status.introspection.servers).toEqual([expect.objectContaining({ ok: true, source: 'four-letter-words' })]);
    } finally {
      await kazoo.stop();
    }
  });

  it('tells when a crashed client’s session will expire, from dump over TLS', async () => {
    await expectCrashExpiryTold(running, zookeeper.port, { tls: pki.tls, sasl: null }, '/tls/crashed/lock', 2000);
  });

  it('runs simulated contenders over the same TLS', async () => {
    await simulate(running, '/sim/tls-lock');
  });

  it('asks an AdminServer that serves HTTPS only, verified against ZK_TLS_CA, where the four-letter words are closed; and says so when the CA did not sign it', async () => {
    const adminPort = await freePort();
    const secured = await startTlsZooKeeper(pki, { httpsAdminPort: adminPort });
    const url = `https://127.0.0.1:${adminPort}`;
    const explorer = await startExplorer({ roots: ['/tls-admin'] }, undefined, { connectString: secured.connectString, transport: { tls: pki.tls, sasl: null }, introspectionIntervalMs: 300, zkAdmin: { port: 0, urls: [url] } });
    const lock = '/tls-admin/orders/lock';
    const kazoo = await RealContenders.start(secured.connectString, lock, 'kazoo-lock', '3', kazooTls);
    try {
      expect(await fourLetterWord('127.0.0.1', secured.port, 'wchc', 2000, pki.tls)).toMatch(/not in the whitelist/);
      // Plain HTTP gets no page there.
      expect(await fetch(`http://127.0.0.1:${adminPort}/commands/ruok`).then((response) => response.status, () => 0)).not.toBe(200);
      const snapshot = await settledQueue(explorer, lock, 3);
      expect(snapshot.nodes.every((node) => node.client !== null && /^127\.0\.0\.1:\d+$/.test(node.client))).toBe(true);
      expect((await health(explorer)).introspection.servers).toEqual([expect.objectContaining({ ok: true, source: 'admin-server' })]);
    } finally {
      await kazoo.stop();
      await explorer.close();
      await secured.stop();
    }
    // An AdminServer whose certificate another CA signed: the members answer, it is not believed.
    const otherAdminPort = await freePort();
    const stranger = await startTlsZooKeeper(pki, { httpsAdminPort: otherAdminPort, adminPki: makeTestPki() });
    const strangerUrl = `https://127.0.0.1:${otherAdminPort}`;
    const untrusting = await startExplorer({ roots: ['/tls-admin'] }, undefined, { connectString: stranger.connectString, transport: { tls: pki.tls, sasl: null }, introspectionIntervalMs: 300, zkAdmin: { port: 0, urls: [strangerUrl] } });
    try {
      const status = await eventually(async () => {
        // A lock read: the members are asked about it.
        await lockOf(untrusting, '/tls-admin/orders/lock');
        const read = await health(untrusting);
        return read.introspection.servers.length > 0 ? read : undefined;
      }, 15_000);
      expect(status.introspection.servers[0]!.ok).toBe(false);
      expect(status.introspection.servers[0]!.error).toContain(`the AdminServer at ${strangerUrl} did not answer (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`);
    } finally {
      await untrusting.close();
      await stranger.stop();
    }
  });

  it('refuses a server its CA did not sign, with the reason in /api/health', async () => {
    const otherCa = readFileSync(pki.files.otherCa, 'utf8');
    const { running: refused, status } = await refusedExplorer(zookeeper.connectString, { tls: { ...pki.tls, ca: otherCa }, sasl: null }, 'tls-failed');
    try {
      expect(status.ok).toBe(false);
      expect(status.zookeeper.reason).toBe(`TLS: the certificate of 127.0.0.1:${zookeeper.port} is not signed by ZK_TLS_CA (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`);
    } finally {
      await refused.close();
    }
  });

  it('refuses a server whose certificate has expired, with the reason', async () => {
    const expired = await startTlsZooKeeper(pki, { expired: true });
    try {
      const { running: refused, status } = await refusedExplorer(expired.connectString, { tls: pki.tls, sasl: null }, 'tls-failed');
      try {
        expect(status.zookeeper.reason).toBe(`TLS: the certificate of 127.0.0.1:${expired.port} has expired (CERT_HAS_EXPIRED)`);
      } finally {
        await refused.close();
      }
    } finally {
      await expired.stop();
    }
  });

  it('names the server’s refusal of a missing client certificate', async () => {
    const { running: refused, status } = await refusedExplorer(zookeeper.connectString, { tls: { ...pki.tls, cert: null, key: null }, sasl: null }, 'tls-failed');
    try {
      expect(status.zookeeper.reason).toMatch(new RegExp(`^TLS: 127\\.0\\.0\\.1:${zookeeper.port} refused the handshake \\(.*certificate.*\\)`));
    } finally {
      await refused.close();
    }
  });
});

describe('(c) SASL DIGEST-MD5 required', () => {
  const explorerPassword = 'explorer-s3cret';
  let zookeeper: EmbeddedZooKeeper;
  let running: RunningExplorer;

  beforeAll(async () => {
    zookeeper = await startSaslZooKeeper({ explorer: explorerPassword, kazoo: 'kazoo-pw' });
    const transport: ZkTransport = { tls: null, sasl: { mechanism: 'digest-md5', username: 'explorer', password: explorerPassword } };
    running = await startExplorer({ roots: ['/sasl'] }, { connectString: zookeeper.connectString }, { connectString: zookeeper.connectString, transport });
  });

  afterAll(async () => {
    await running?.close();
    await zookeeper?.stop();
  });

  it('really refuses a session that has not logged in', async () => {
    const { running: refused, status } = await refusedExplorer(zookeeper.connectString, { tls: null, sasl: null }, 'auth-failed');
    try {
      expect(status.zookeeper.reason).toBe('SASL: ZooKeeper requires a SASL login (enforce.auth.enabled): set ZK_SASL=digest-md5:USER:PASSWORD');
    } finally {
      await refused.close();
    }
  });

  it('reads a real Kazoo read-write queue right, logged in as another user', async () => {
    const lock = '/sasl/ledger/lock';
    const kazoo = await RealContenders.start(zookeeper.connectString, lock, 'kazoo-rw', 'wwrr', { ZK_SASL: 'digest-md5:kazoo:kazoo-pw' });
    try {
      const snapshot = await settledQueue(running, lock, 4);
      expect(snapshot.recipe.id).toBe('kazoo-rwlock');
      expect(new Set(snapshot.nodes.map((node) => node.sessionId))).toEqual(new Set(kazoo.sessions.values()));
      expect(snapshot.nodes.filter((node) => node.role === 'holder').map((node) => node.sessionId)).toEqual(kazoo.holderSessions());
      expect(snapshot.anomalies).toEqual([]);

      kazoo.release(0);
      await kazoo.until(() => kazoo.holding.has(1), 10_000, 'the second writer to hold');
      const after = await settledQueue(running, lock, 3);
      expect(after.nodes.filter((node) => node.role === 'holder').map((node) => node.sessionId)).toEqual([kazoo.sessions.get(1)]);
    } finally {
      await kazoo.stop();
    }
  });

  it('tells when a crashed client’s session will expire, the client logged in as another user', async () => {
    await expectCrashExpiryTold(running, zookeeper.port, { tls: null, sasl: { mechanism: 'digest-md5', username: 'kazoo', password: 'kazoo-pw' } }, '/sasl/crashed/lock', 2000);
  });

  it('runs simulated contenders logged in the same way', async () => {
    await simulate(running, '/sim/sasl-lock');
  });

  it('refuses a wrong password with its reason, and never shows the password', async () => {
    const wrong = 'not-the-password';
    const { running: refused, status } = await refusedExplorer(zookeeper.connectString, { tls: null, sasl: { mechanism: 'digest-md5', username: 'explorer', password: wrong } }, 'auth-failed');
    try {
      expect(status.ok).toBe(false);
      expect(status.zookeeper.reason).toMatch(/^SASL: ZooKeeper refused user "explorer" \(DIGEST-MD5, .*\): wrong user or password\?$/);
      const text = await (await fetch(`${refused.url}/api/health`)).text();
      expect(text).not.toContain(wrong);
      expect(JSON.stringify(await health(running))).not.toContain(explorerPassword);
    } finally {
      await refused.close();
    }
  });
});
