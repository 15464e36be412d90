/**
 * The explorer against a Kerberized ZooKeeper, as the Hadoop, HBase, Kafka and Solr worlds run
 * them: a real MIT KDC on loopback (a throwaway realm), a ZooKeeper whose JAAS `Server` logs in
 * from its keytab and that refuses every session that has not logged in with SASL. The explorer
 * logs in with GSSAPI from a keytab or from a ticket cache `kinit` filled, and each way a login
 * fails gives a state and a one-line reason.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema, type HealthResponse } from '../../lib/protocol';
import { eventually, startExplorer, type RunningExplorer } from '../testing/harness';
import { startKdc, type TestKdc } from '../testing/kdc';
import { startKerberizedZooKeeper } from '../testing/secure-zookeeper';
import type { EmbeddedZooKeeper } from './embedded';
import { ZkSession } from './session';
import type { ZkTransport } from './wire/connection';
import type { ZkGssapi } from './wire/gssapi';

const run = promisify(execFile);

async function health(running: RunningExplorer): Promise<HealthResponse> {
  return HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
}

/** GSSAPI as ZooKeeper's Java client is configured by default, but for the keytab and principal given. */
function gssapi(settings: Partial<ZkGssapi>): ZkTransport {
  return { tls: null, sasl: { mechanism: 'gssapi', keytab: null, principal: null, service: 'zookeeper', canonicalize: true, serverPrincipal: null, ...settings } };
}

/** Starts an explorer that is expected not to connect, and waits for the reason it gives. */
async function refusedExplorer(zookeeper: EmbeddedZooKeeper, transport: ZkTransport): Promise<{ running: RunningExplorer; status: HealthResponse }> {
  const running = await startExplorer({ roots: ['/nothing'] }, undefined, { connectString: zookeeper.connectString, transport, waitForSession: false, introspectionIntervalMs: 0 });
  const status = await eventually(async () => {
    const read = await health(running);
    return read.zookeeper.state === 'auth-failed' && read.zookeeper.reason !== null ? read : undefined;
  }, 15_000);
  return { running, status };
}

describe('a Kerberized ZooKeeper (SASL GSSAPI, a real MIT KDC)', () => {
  let kdc: TestKdc;
  let zookeeper: EmbeddedZooKeeper;
  let keytab: string;
  let principal: string;
  let saved: NodeJS.ProcessEnv;

  beforeAll(async () => {
    saved = { ...process.env };
    kdc = await startKdc();
    // The explorer's process finds the realm as any Kerberos client does: KRB5_CONFIG.
    process.env.KRB5_CONFIG = kdc.krb5Conf;
    zookeeper = await startKerberizedZooKeeper(kdc);
    principal = `explorer@${kdc.realm}`;
    keytab = await kdc.keytab(principal);
  });

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

  it('logs in from the ticket cache kinit filled', async () => {
    // An operator's kinit (from a keytab of theirs, as a cron job or k5start does; a password would need a terminal).
    const cachePrincipal = `operator@${kdc.realm}`;
    const operatorKeytab = await kdc.keytab(cachePrincipal);
    const cache = join(kdc.dir, 'operator-ccache');
    await run('kinit', ['-k', '-t', operatorKeytab, '-c', `FILE:${cache}`, cachePrincipal], { env: kdc.env });
    process.env.KRB5CCNAME = `FILE:${cache}`;
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000, transport: gssapi({}) });
    try {
      await session.start(15_000);
      expect((await session.getChildren('/')).children).toContain('zookeeper');
    } finally {
      session.close();
      delete process.env.KRB5CCNAME;
    }
  });

  it('names a service principal the KDC does not know', async () => {
    const { running, status } = await refusedExplorer(zookeeper, gssapi({ keytab, principal, service: 'zk-nobody' }));
    try {
      expect(status.zookeeper.reason).toMatch(/^SASL GSSAPI: .*: the KDC does not know ZooKeeper's service principal zk-nobody\/localhost/);
    } finally {
      await running.close();
    }
  });
});
