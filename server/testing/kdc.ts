/**
 * A real MIT Kerberos KDC for the tests (Debian's `krb5-kdc`), on loopback: a throwaway realm,
 * its database made at test time with `kdb5_util` and its principals and keytabs with
 * `kadmin.local`, all in a temporary directory, served by `krb5kdc` in the foreground on a
 * free port. `KRB5_CONFIG` pointed at its `krb5.conf` makes any client (the explorer, Java,
 * Kazoo, `kinit`) use it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../net';

const run = promisify(execFile);

export const TEST_REALM = 'EXPLORER.TEST';
const MASTER_PASSWORD = 'throwaway-master-password';

/** Where Debian puts the KDC's programs (not on a user's PATH). */
const SBIN = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

function program(name: string): string {
  for (const dir of SBIN) if (existsSync(join(dir, name))) return join(dir, name);
  return name;
}

export interface TestKdc {
  realm: string;
  dir: string;
  port: number;
  /** The `krb5.conf` clients are to read (`KRB5_CONFIG`, Java's `java.security.krb5.conf`). */
  krb5Conf: string;
  /** The environment a client of this realm runs in: its `krb5.conf`, no ticket cache but its own. */
  env: NodeJS.ProcessEnv;
  /** Adds a principal with a random key and answers its keytab's path. */
  keytab(principal: string): Promise<string>;
  /** Adds a principal with a password. */
  addPrincipal(principal: string, password: string): Promise<void>;
  /** Runs `kadmin.local` with one query (to change a principal: expire it, delete it). */
  admin(query: string): Promise<void>;
  stop(): Promise<void>;
}

/** Whether this machine has the KDC's programs. */
export function haveKdc(): boolean {
  return ['krb5kdc', 'kdb5_util', 'kadmin.local'].every((name) => existsSync(program(name)));
}

/** Starts a KDC of a new realm; `clockSkewS`: the skew it allows (Kerberos's default is 300 s). */
export async function startKdc(options: { clockSkewS?: number; ticketLifetime?: string } = {}): Promise<TestKdc> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-kdc-'));
  const port = await freePort();
  const realm = TEST_REALM;
  const krb5Conf = join(dir, 'krb5.conf');
  const kdcConf = join(dir, 'kdc.conf');
  const lifetime = options.ticketLifetime ?? '10h';
  writeFileSync(
    krb5Conf,
    [
      '[libdefaults]',
      `  default_realm = ${realm}`,
      '  dns_lookup_kdc = false',
      '  dns_lookup_realm = false',
      '  rdns = false',
      '  dns_canonicalize_hostname = false',
      // TCP only: the KDC listens on one port for both, and a lost UDP datagram would only slow a test down.
      '  udp_preference_limit = 1',
      `  ticket_lifetime = ${lifetime}`,
      '  renew_lifetime = 7d',
      '  forwardable = true',
      `  clockskew = ${options.clockSkewS ?? 300}`,
      '[realms]',
      `  ${realm} = {`,
      `    kdc = 127.0.0.1:${port}`,
      `    admin_server = 127.0.0.1:${port}`,
      '  }',
      '[domain_realm]',
      `  localhost = ${realm}`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    kdcConf,
    [
      '[kdcdefaults]',
      `  kdc_ports = ${port}`,
      `  kdc_tcp_ports = ${port}`,
      '[realms]',
      `  ${realm} = {`,
      `    database_name = ${join(dir, 'principal')}`,
      `    key_stash_file = ${join(dir, 'stash')}`,
      `    acl_file = ${join(dir, 'kadm5.acl')}`,
      `    max_life = ${lifetime}`,
      '    max_renewable_life = 7d',
      '    supported_enctypes = aes256-cts-hmac-sha1-96:normal aes128-cts-hmac-sha1-96:normal',
      '  }',
      '[logging]',
      `  kdc = FILE:${join(dir, 'kdc.log')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'kadm5.acl'), '');
  const env: NodeJS.ProcessEnv = { ...process.env, KRB5_CONFIG: krb5Conf, KRB5_KDC_PROFILE: kdcConf, KRB5CCNAME: `FILE:${join(dir, 'ccache')}` };
  await run(program('kdb5_util'), ['create', '-s', '-r', realm, '-P', MASTER_PASSWORD], { env });
  const admin = async (query: string): Promise<void> => {
    const { stderr } = await run(program('kadmin.local'), ['-r', realm, '-q', query], { env });
    // kadmin.local exits 0 whatever the query did: its errors are on stderr.
    const problem = stderr.split('\n').find((line) => /error|not found|unknown|failed/i.test(line));
    if (problem !== undefined) throw new Error(`kadmin.local -q "${query}": ${problem}`);
  };
  const kdc: ChildProcess = spawn(program('krb5kdc'), ['-n', '-r', realm], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  kdc.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  await waitForPort(port, kdc, () => said);
  let keytabs = 0;
  return {
    realm,
    dir,
    port,
    krb5Conf,
    env,
    admin,
    async keytab(principal) {
      const path = join(dir, `keytab-${(keytabs += 1)}`);
      await admin(`addprinc -randkey ${principal}`);
      await admin(`ktadd -k ${path} ${principal}`);
      return path;
    },
    async addPrincipal(principal, password) {
      await admin(`addprinc -pw ${password} ${principal}`);
    },
    async stop() {
      if (kdc.exitCode === null && kdc.signalCode === null) {
        const exited = new Promise((resolve) => kdc.once('exit', resolve));
        kdc.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, kdc: ChildProcess, said: () => string): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (kdc.exitCode !== null) throw new Error(`krb5kdc exited (${kdc.exitCode}): ${said().trim()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`krb5kdc did not listen on 127.0.0.1:${port} in 15 s: ${said().trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
