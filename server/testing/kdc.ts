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

const TEST_REALM = 'EXPLORER.TEST';
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
  /**
   * Adds a principal with a random key and answers its keytab's path. `preauth`: the KDC asks it
   * to prove it knows its key first (an encrypted timestamp, as most realms do); `maxLife`: its
   * tickets live no longer than this (`20s`), where the realm's live for hours.
   */
  keytab(principal: string, options?: { preauth?: boolean; maxLife?: string }): Promise<string>;
  /** Runs `kadmin.local` with one query (to change a principal: expire it, delete it). */
  admin(query: string): Promise<void>;
  /** Stops the KDC (it answers nothing: its port is closed), keeping its realm; `resume` starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a KDC of a new realm. `ticketLifetime`: the longest a ticket lives (`10h`, the default);
 * `clockOffset`: the KDC's clock runs this far from the machine's (libfaketime's `+10m`), as a
 * KDC whose clock has drifted, or a client's has.
 */
export async function startKdc(options: { ticketLifetime?: string; clockOffset?: string } = {}): Promise<TestKdc> {
  // A KDC whose clock is off: its clients do not take its time for theirs (MIT's kdc_timesync would hide the drift).
  const timesync = options.clockOffset === undefined;
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
      `  kdc_timesync = ${timesync ? 1 : 0}`,
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
  const launch = async (): Promise<ChildProcess> => {
    const kdcArgs = ['-n', '-r', realm];
    const child = options.clockOffset === undefined ? spawn(program('krb5kdc'), kdcArgs, { env, stdio: ['ignore', 'ignore', 'pipe'] }) : spawn('faketime', ['-f', options.clockOffset, program('krb5kdc'), ...kdcArgs], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await waitForPort(port, child, () => said);
    return child;
  };
  const halt = async (child: ChildProcess): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  let kdc = await launch();
  let keytabs = 0;
  return {
    realm,
    dir,
    port,
    krb5Conf,
    env,
    admin,
    async keytab(principal, { preauth = false, maxLife } = {}) {
      const path = join(dir, `keytab-${(keytabs += 1)}`);
      await admin(`addprinc -randkey${preauth ? ' +requires_preauth' : ''}${maxLife === undefined ? '' : ` -maxlife ${maxLife}`} ${principal}`);
      await admin(`ktadd -k ${path} ${principal}`);
      return path;
    },
    pause: () => halt(kdc),
    async resume() {
      kdc = await launch();
    },
    async stop() {
      await halt(kdc);
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

/** A JAAS section (`Server` for ZooKeeper, `Client` for a Java client) that logs `principal` in from `keytab` with Java's Krb5LoginModule. */
export function jaasKrb5(section: 'Server' | 'Client', keytab: string, principal: string): string {
  return `${section} {\n  com.sun.security.auth.module.Krb5LoginModule required\n  useKeyTab=true\n  keyTab="${keytab}"\n  storeKey=true\n  useTicketCache=false\n  principal="${principal}";\n};\n`;
}
