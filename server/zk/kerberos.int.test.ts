/**
 * The explorer against a Kerberized ZooKeeper, as the Hadoop, HBase, Kafka and Solr worlds run
 * them: a real MIT KDC on loopback (a throwaway realm), a ZooKeeper whose JAAS `Server` logs in
 * from its keytab and that refuses every session that has not logged in with SASL. The explorer
 * logs in with GSSAPI from a keytab or from a ticket cache `kinit` filled, and each way a login
 * fails gives a state and a one-line reason.
 */
import { execFile } from 'node:child_process';
import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, health, refusedExplorer, settledQueue, simulate, startExplorer } from '../testing/harness';
import { RealContenders } from '../testing/real-clients';
import { jaasKrb5, startKdc, type TestKdc } from '../testing/kdc';
import { startKerberizedZooKeeper } from '../testing/secure-zookeeper';
import type { EmbeddedZooKeeper } from './embedded';
import { ZkSession } from './session';
import { renewTicketCache } from './ticket-renewal';
import type { ZkTransport } from './wire/connection';
import type { ZkGssapi } from './wire/gssapi';

const run = promisify(execFile);

/** GSSAPI as ZooKeeper's Java client is configured by default, but for the keytab and principal given. */
function gssapi(settings: Partial<ZkGssapi>): ZkTransport {
  return { tls: null, sasl: { mechanism: 'gssapi', keytab: null, principal: null, service: 'zookeeper', canonicalize: true, serverPrincipal: null, ...settings } };
}

/** The last 64 KB of a log (a client that retries a refused login at once can write hundreds of megabytes of it). */
function logTail(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const bytes = Buffer.alloc(Math.min(size, 64 * 1024));
    readSync(fd, bytes, 0, bytes.length, size - bytes.length);
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

describe('a Kerberized ZooKeeper (SASL GSSAPI, a real MIT KDC)', () => {
  let kdc: TestKdc;
  let zookeeper: EmbeddedZooKeeper;
  let keytab: string;
  let principal: string;
  let saved: NodeJS.ProcessEnv;

  beforeAll(async () => {
    saved = { ...process.env };
    // The realm's tickets live for hours, as a real one's: with 20 s tickets for all, ZooKeeper's own login and Curator's renewed every minute, and the
    // Curator test was refused once in a few runs (a client connecting during a relogin, most likely). The expiry and renewal tests' principals get 20 s tickets.
    kdc = await startKdc();
    // The explorer's process finds the realm as any Kerberos client does: KRB5_CONFIG.
    process.env.KRB5_CONFIG = kdc.krb5Conf;
    zookeeper = await startKerberizedZooKeeper(kdc);
    principal = `explorer@${kdc.realm}`;
    keytab = await kdc.keytab(principal);
  });

  /** A session logged in from the ticket cache `cache` (as KRB5CCNAME names it), served by ZooKeeper. */
  async function loginFromCache(cache: string): Promise<void> {
    process.env.KRB5CCNAME = cache;
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000, transport: gssapi({}) });
    try {
      await session.start(15_000);
      expect((await session.getChildren('/')).children).toContain('zookeeper');
    } finally {
      session.close();
      delete process.env.KRB5CCNAME;
    }
  }

  afterAll(async () => {
    await zookeeper?.stop();
    await kdc?.stop();
    process.env = saved;
  });

  it('logs a session in from a keytab, and ZooKeeper (which serves no session that has not) serves it', async () => {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000, transport: gssapi({ keytab, principal }) });
    try {
      await session.start(15_000);
      await session.create('/kerberos', Buffer.from('yes'));
      expect((await session.getData('/kerberos')).data?.toString()).toBe('yes');
    } finally {
      session.close();
    }
  });

  it('logs in again from the keytab once its tickets have expired, as an explorer running for weeks must', async () => {
    const expiring = `expiring@${kdc.realm}`;
    const transport = gssapi({ keytab: await kdc.keytab(expiring, { maxLife: '20s' }), principal: expiring });
    const first = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000, transport });
    await first.start(15_000);
    first.close();
    // Past the tickets' life (20 s): the next login finds only expired ones in its cache.
    await new Promise((resolve) => setTimeout(resolve, 21_000));
    const later = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000, transport });
    try {
      await later.start(15_000);
      expect((await later.getChildren('/')).children).toContain('zookeeper');
    } finally {
      later.close();
    }
  }, 60_000);

  it('logs in from the ticket cache kinit filled', async () => {
    // An operator's kinit (from a keytab of theirs, as a cron job or k5start does; a password would need a terminal).
    const cachePrincipal = `operator@${kdc.realm}`;
    const operatorKeytab = await kdc.keytab(cachePrincipal);
    const cache = join(kdc.dir, 'operator-ccache');
    await run('kinit', ['-k', '-t', operatorKeytab, '-c', `FILE:${cache}`, cachePrincipal], { env: kdc.env });
    await loginFromCache(`FILE:${cache}`);
  });

  it('renews the tickets of the ticket cache while they may be, so that a login after they would have expired still works; says once when they no longer may be', { timeout: 60_000 }, async () => {
    const renewed = `renewed@${kdc.realm}`;
    const renewedKeytab = await kdc.keytab(renewed, { maxLife: '20s' });
    const cache = `FILE:${join(kdc.dir, 'renewed-ccache')}`;
    // Tickets of 20 s, renewable for an hour: an operator's kinit -r.
    await run('kinit', ['-r', '1h', '-k', '-t', renewedKeytab, '-c', cache, renewed], { env: kdc.env });
    const said: string[] = [];
    const renewal = renewTicketCache({ everyMs: 5_000, env: { ...kdc.env, KRB5CCNAME: cache }, log: (line) => said.push(line) });
    await new Promise((resolve) => setTimeout(resolve, 24_000));
    renewal.stop();
    expect(said).toEqual([]);
    await loginFromCache(cache);
    // Tickets past their renewable life (the explorer left running longer than kinit -r gave): said once, with what to do.
    const ended = `FILE:${join(kdc.dir, 'ended-ccache')}`;
    await run('kinit', ['-l', '2s', '-r', '3s', '-k', '-t', renewedKeytab, '-c', ended, renewed], { env: kdc.env });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const once = renewTicketCache({ everyMs: 60_000, env: { ...kdc.env, KRB5CCNAME: ended }, log: (line) => said.push(line) });
    try {
      expect(await once.renewNow()).toMatch(/^the ticket cache's tickets have expired past renewal \(.*expired.*\): kinit again, or give a keytab \(ZK_KRB5_KEYTAB\)$/);
      await once.renewNow();
      expect(said).toHaveLength(1);
    } finally {
      once.stop();
    }
  });

  it('reads a real Curator queue, its clients logged in by Kerberos as Java does it, right through a handover; simulated contenders log in the same way', { timeout: 120_000 }, async () => {
    const curator = `curator@${kdc.realm}`;
    const curatorKeytab = await kdc.keytab(curator);
    const jaas = join(kdc.dir, 'curator-jaas.conf');
    writeFileSync(jaas, jaasKrb5('Client', curatorKeytab, curator));
    const running = await startExplorer({ roots: ['/kerberized'] }, { connectString: zookeeper.connectString }, { connectString: zookeeper.connectString, transport: gssapi({ keytab, principal }) });
    const lock = '/kerberized/orders/lock';
    const contenders = await RealContenders.start(zookeeper.connectString, lock, 'curator-mutex', '3', { JVM_OPTIONS: `-Djava.security.auth.login.config=${jaas} -Djava.security.krb5.conf=${kdc.krb5Conf}` }).catch((error: unknown) => {
      // What ZooKeeper said of the logins lately, for a failure here to be understood.
      const said = logTail(zookeeper.logFile).split('\n').filter((line) => /WARN|ERROR/.test(line) && /sasl|auth|kerberos|gss/i.test(line));
      throw new Error(`${error instanceof Error ? error.message : String(error)}; ZooKeeper said: ${said.slice(-5).join(' | ')}`);
    });
    try {
      const snapshot = await settledQueue(running, lock, 3);
      expect(snapshot.recipe.id).toBe('curator-mutex');
      expect(new Set(snapshot.nodes.map((node) => node.sessionId))).toEqual(new Set(contenders.sessions.values()));
      expect(snapshot.nodes.filter((node) => node.role === 'holder').map((node) => node.sessionId)).toEqual(contenders.holderSessions());
      const [first, second, third] = snapshot.nodes;
      expect(second!.predecessor).toBe(first!.name);
      expect(third!.predecessor).toBe(second!.name);
      expect(snapshot.anomalies).toEqual([]);

      const holder = contenders.contenderOf(first!.sessionId)!;
      contenders.release(holder);
      const after = await settledQueue(running, lock, 2);
      expect(after.nodes[0]!.sessionId).toBe(second!.sessionId);
      expect(after.nodes[0]!.role).toBe('holder');
    } finally {
      await contenders.stop();
    }
    try {
      await simulate(running, '/sim/kerberos-lock');
    } finally {
      await running.close();
    }
  });

  it('names a client principal the KDC does not know', async () => {
    const ghost = `ghost@${kdc.realm}`;
    const ghostKeytab = await kdc.keytab(ghost);
    await kdc.admin(`delprinc -force ${ghost}`);
    const { running, status } = await refusedExplorer(zookeeper.connectString, gssapi({ keytab: ghostKeytab, principal: ghost }), 'auth-failed');
    try {
      expect(status.zookeeper.reason).toMatch(/^SASL GSSAPI: .*: the KDC does not know the client principal ghost@EXPLORER\.TEST \(ZK_KRB5_PRINCIPAL\)$/);
    } finally {
      await running.close();
    }
  });

  it('names a keytab that does not hold the principal', async () => {
    const other = await kdc.keytab(`someone-else@${kdc.realm}`);
    const { running, status } = await refusedExplorer(zookeeper.connectString, gssapi({ keytab: other, principal }), 'auth-failed');
    try {
      expect(status.zookeeper.reason).toMatch(/^SASL GSSAPI: .*explorer@EXPLORER\.TEST.*: the keytab holds no key of explorer@EXPLORER\.TEST \(ZK_KRB5_KEYTAB, ZK_KRB5_PRINCIPAL; klist -k .* lists what it holds\)$/);
    } finally {
      await running.close();
    }
  });

  it('names an expired ticket of the ticket cache', async () => {
    const shortLived = `short@${kdc.realm}`;
    const shortKeytab = await kdc.keytab(shortLived);
    const cache = join(kdc.dir, 'short-ccache');
    await run('kinit', ['-l', '2s', '-k', '-t', shortKeytab, '-c', `FILE:${cache}`, shortLived], { env: kdc.env });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    process.env.KRB5CCNAME = `FILE:${cache}`;
    try {
      const { running, status } = await refusedExplorer(zookeeper.connectString, gssapi({}), 'auth-failed');
      try {
        expect(status.zookeeper.reason).toMatch(/^SASL GSSAPI: .*expired.*: the ticket has expired: kinit again/i);
      } finally {
        await running.close();
      }
    } finally {
      delete process.env.KRB5CCNAME;
    }
  });

  it('names a clock skew between this machine and the KDC', async () => {
    const drifted = await startKdc({ clockOffset: '+10m' });
    const driftedPrincipal = `drifted@${drifted.realm}`;
    const driftedKeytab = await drifted.keytab(driftedPrincipal, { preauth: true });
    process.env.KRB5_CONFIG = drifted.krb5Conf;
    try {
      const { running, status } = await refusedExplorer(zookeeper.connectString, gssapi({ keytab: driftedKeytab, principal: driftedPrincipal }), 'auth-failed');
      try {
        expect(status.zookeeper.reason).toMatch(/^SASL GSSAPI: .*Clock skew too great.*: this machine's clock and the KDC's differ by more than the realm allows/);
      } finally {
        await running.close();
      }
    } finally {
      process.env.KRB5_CONFIG = kdc.krb5Conf;
      await drifted.stop();
    }
  });

  it('names a service principal the KDC does not know', async () => {
    const { running, status } = await refusedExplorer(zookeeper.connectString, gssapi({ keytab, principal, service: 'zk-nobody' }), 'auth-failed');
    try {
      expect(status.zookeeper.reason).toMatch(/^SASL GSSAPI: .*: the KDC does not know ZooKeeper's service principal zk-nobody\/localhost/);
    } finally {
      await running.close();
    }
  });

  // Last: the KDC is stopped.
  it('names a KDC that does not answer, and logs in again once it does', async () => {
    const late = `late@${kdc.realm}`;
    const lateKeytab = await kdc.keytab(late);
    await kdc.pause();
    const { running, status } = await refusedExplorer(zookeeper.connectString, gssapi({ keytab: lateKeytab, principal: late }), 'auth-failed');
    try {
      expect(status.zookeeper.reason).toMatch(/^SASL GSSAPI: .*: no KDC of the realm answered/);
      await kdc.resume();
      // Tried again every 5 s: connected once the KDC is back.
      await eventually(async () => ((await health(running)).zookeeper.state === 'connected' ? true : undefined), 20_000);
    } finally {
      await running.close();
    }
  });
});
