import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

/** The message of the ConfigError that loading throws; fails the test when it loads fine. */
function configError(argv: string[], env: Record<string, string | undefined>): string {
  try {
    loadConfig(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify({ argv, env })} to be refused`);
}

describe('loadConfig', () => {
  it('reads where ZooKeeper\'s files are in live mode, and where the embedded one keeps its data (temp: a temporary directory)', () => {
    expect(loadConfig(['--data-dir', '/var/lib/zookeeper, /txnlog'], {}).zkDataDir).toEqual(['/var/lib/zookeeper', '/txnlog']);
    expect(loadConfig([], { ZK_EMBEDDED_DIR: 'temp' }).embeddedDir).toBeNull();
    expect(loadConfig([], { ZK_EMBEDDED_DIR: '/srv/zk' }).embeddedDir).toBe('/srv/zk');
    expect(() => loadConfig([], { ZK_DATA_DIR: ' , ' })).toThrow(/ZK_DATA_DIR.*at least one directory/);
  });

  it('has defaults that start an embedded ZooKeeper on loopback', () => {
    expect(loadConfig([], {})).toEqual({
      zkConnect: null,
      zkReplay: null,
      zkDataDir: null,
      embeddedDir: '.zookeeper',
      port: 3000,
      host: '127.0.0.1',
      lockRoots: ['/'],
      zkAuth: null,
      sessionTimeoutMs: 10000,
      allowSimulation: false,
      allowBreakLocks: false,
      allowCleanup: false,
      cleanupRate: 200,
      adminToken: null,
      simRoot: '/sim',
      discoveryMaxNodes: null,
      discoveryReadsPerSecond: 10000,
      discoveryRescanMs: 900000,
      staleHolderMs: 60000,
      longWaitMs: 30000,
      massExpirySessions: 5,
      herdStormWaiters: 10,
      historyCapacity: 1000,
      zkFilesKeep: 1_000_000,
      metricsLockLimit: 100,
      introspectIntervalMs: 2000,
      zkAdminPort: 8080,
      zkAdminUrls: null,
      zkTransport: { tls: null, sasl: null },
      dev: false,
      ensembles: [expect.objectContaining({ name: 'default', zkConnect: null, lockRoots: ['/'], zkTransport: { tls: null, sasl: null } })],
    });
  });

  it('reads environment variables', () => {
    const config = loadConfig([], {
      ZK_CONNECT: 'zk1:2181,zk2:2181,[::1]:2181/prod',
      PORT: '8080',
      LOCK_ROOTS: '/locks, /services/leader',
      ZK_AUTH: 'digest:ops:s3cr:et',
      SESSION_TIMEOUT_MS: '30000',
      ALLOW_SIMULATION: '1',
      ADMIN_TOKEN: 'a-long-token',
      SIM_ROOT: '/sandbox',
      LONG_WAIT_MS: '120000',
      MASS_EXPIRY_SESSIONS: '50',
      HERD_STORM_WAITERS: '25',
    });
    expect(config).toMatchObject({
      longWaitMs: 120000,
      massExpirySessions: 50,
      herdStormWaiters: 25,
      zkConnect: 'zk1:2181,zk2:2181,[::1]:2181/prod',
      port: 8080,
      lockRoots: ['/locks', '/services/leader'],
      zkAuth: { scheme: 'digest', credentials: 'ops:s3cr:et' },
      sessionTimeoutMs: 30000,
      allowSimulation: true,
      allowBreakLocks: false,
      allowCleanup: false,
      cleanupRate: 200,
      adminToken: 'a-long-token',
      simRoot: '/sandbox',
    });
  });

  it('reads replay mode from --replay or ZK_REPLAY, a comma-separated list for a separate dataLogDir', () => {
    expect(loadConfig(['--replay', '/var/lib/zookeeper'], {}).zkReplay).toEqual(['/var/lib/zookeeper']);
    expect(loadConfig([], { ZK_REPLAY: '/data/zk, /logs/zk' }).zkReplay).toEqual(['/data/zk', '/logs/zk']);
  });

  it('lets a flag win over its environment variable', () => {
    expect(loadConfig(['--port', '4000', '--dev'], { PORT: '5000' })).toMatchObject({ port: 4000, dev: true });
  });

  it.each([
    [['--port', 'abc'], {}, /PORT \/ --port .*"abc"/],
    [[], { PORT: '70000' }, /PORT/],
    [[], { ZK_CONNECT: 'zk1' }, /ZK_CONNECT .*host:port/],
    [[], { ZK_CONNECT: 'zk1:2181/bad/' }, /chroot/],
    [[], { LOCK_ROOTS: 'relative' }, /LOCK_ROOTS/],
    [[], { SIM_ROOT: '/' }, /SIM_ROOT .*root/],
    [[], { SESSION_TIMEOUT_MS: '10' }, /SESSION_TIMEOUT_MS/],
    [[], { ALLOW_SIMULATION: 'maybe' }, /ALLOW_SIMULATION/],
    [[], { LONG_WAIT_MS: '500' }, /LONG_WAIT_MS \/ --long-wait-ms/],
    [[], { HERD_STORM_WAITERS: '1' }, /HERD_STORM_WAITERS/],
    [['--no-such-flag'], {}, /no-such-flag/],
    [['--replay', '/var/lib/zookeeper'], { ZK_CONNECT: 'zk1:2181' }, /ZK_REPLAY .*ZK_CONNECT unset/],
    [[], { ZK_REPLAY: ' , ' }, /ZK_REPLAY .*at least one directory/],
  ])('refuses %j %j with one clear line', (argv, env, pattern) => {
    const message = configError(argv, env);
    expect(message).toMatch(pattern);
    expect(message).not.toContain('\n');
  });

  it('never echoes a secret in its error', () => {
    const auth = configError([], { ZK_AUTH: 'hunter2' });
    expect(auth).toContain('ZK_AUTH');
    expect(auth).not.toContain('hunter2');
    const token = configError([], { ADMIN_TOKEN: 'tiny' });
    expect(token).toContain('ADMIN_TOKEN');
    expect(token).not.toContain('tiny');
  });

  describe('TLS and SASL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-test-'));
    const pem = (name: string): string => {
      const file = join(dir, name);
      writeFileSync(file, `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----\n`);
      return file;
    };
    const connect = { ZK_CONNECT: 'zk1:2281' };

    it('reads the PEM files of mutual TLS', () => {
      const config = loadConfig([], { ...connect, ZK_TLS: '1', ZK_TLS_CA: pem('ca.pem'), ZK_TLS_CERT: pem('cert.pem'), ZK_TLS_KEY: pem('key.pem') });
      expect(config.zkTransport.tls).toEqual({ ca: expect.stringContaining('ca.pem'), cert: expect.stringContaining('cert.pem'), key: expect.stringContaining('key.pem') });
      expect(config.zkTransport.sasl).toBeNull();
    });

    it('says which file it cannot read, and refuses a half of mutual TLS or TLS files without ZK_TLS', () => {
      expect(configError([], { ...connect, ZK_TLS: '1', ZK_TLS_CA: join(dir, 'missing.pem') })).toBe(`config: ZK_TLS_CA / --zk-tls-ca cannot read ${join(dir, 'missing.pem')} (ENOENT)`);
      expect(configError([], { ...connect, ZK_TLS: '1', ZK_TLS_CERT: pem('c.pem') })).toMatch(/ZK_TLS_CERT and ZK_TLS_KEY go together/);
      expect(configError([], { ...connect, ZK_TLS_CA: pem('ca.pem') })).toBe('config: ZK_TLS_CA set without ZK_TLS=1');
      expect(configError([], { ZK_TLS: '1' })).toMatch(/embedded ZooKeeper serves plain TCP/);
    });

    it('takes a DIGEST-MD5 login, a password with colons included', () => {
      expect(loadConfig(['--zk-sasl', 'digest-md5:explorer:pa:ss'], connect).zkTransport.sasl).toEqual({ mechanism: 'digest-md5', username: 'explorer', password: 'pa:ss' });
    });

    it('takes Kerberos from a keytab or the ticket cache, with the Java client settings', () => {
      const keytab = pem('explorer.keytab');
      expect(loadConfig([], { ...connect, ZK_SASL: 'gssapi', ZK_KRB5_KEYTAB: keytab, ZK_KRB5_PRINCIPAL: 'explorer@EXAMPLE.COM' }).zkTransport.sasl).toEqual({
        mechanism: 'gssapi',
        keytab,
        principal: 'explorer@EXAMPLE.COM',
        service: 'zookeeper',
        canonicalize: true,
        serverPrincipal: null,
      });
      expect(loadConfig(['--zk-sasl', 'gssapi', '--zk-sasl-service', 'zk', '--zk-sasl-canonicalize', '0', '--zk-server-principal', 'zk/zk1.example.com@EXAMPLE.COM'], connect).zkTransport.sasl).toEqual({
        mechanism: 'gssapi',
        keytab: null,
        principal: null,
        service: 'zk',
        canonicalize: false,
        serverPrincipal: 'zk/zk1.example.com@EXAMPLE.COM',
      });
    });

    it('refuses Kerberos settings that cannot work, in one line each, and never echoes a SASL value', () => {
      expect(configError([], { ...connect, ZK_SASL: 'gssapi', ZK_KRB5_KEYTAB: pem('k.keytab') })).toMatch(/ZK_KRB5_KEYTAB needs ZK_KRB5_PRINCIPAL/);
      expect(configError([], { ...connect, ZK_SASL: 'gssapi', ZK_KRB5_KEYTAB: join(dir, 'missing.keytab'), ZK_KRB5_PRINCIPAL: 'explorer' })).toBe(`config: ZK_KRB5_KEYTAB / --zk-krb5-keytab cannot read ${join(dir, 'missing.keytab')} (ENOENT)`);
      expect(configError([], { ...connect, ZK_KRB5_PRINCIPAL: 'explorer@EXAMPLE.COM' })).toBe('config: ZK_KRB5_PRINCIPAL set without ZK_SASL=gssapi');
      expect(configError([], { ...connect, ZK_SASL: 'gssapi', ZK_SERVER_PRINCIPAL: 'zookeeper' })).toMatch(/ZK_SERVER_PRINCIPAL .*must look like service\/host/);
      const bad = configError([], { ...connect, ZK_SASL: 'plain:user:hunter2' });
      expect(bad).toMatch(/must be gssapi \(Kerberos\) or look like digest-md5:USER:PASSWORD/);
      expect(bad).not.toContain('hunter2');
    });
  });

  describe('ZK_ENSEMBLES', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-ensembles-'));
    let files = 0;
    /** A ZK_ENSEMBLES file holding `content` (JSON unless a string). */
    const ensembles = (content: unknown): string => {
      const file = join(dir, `ensembles-${(files += 1)}.json`);
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      return file;
    };
    const ca = join(dir, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nca\n-----END CERTIFICATE-----\n');

    it('with ZK_CONNECT alone is one ensemble named default, of the settings given', () => {
      const config = loadConfig([], { ZK_CONNECT: 'zk1:2181/kafka', LOCK_ROOTS: '/locks', STALE_HOLDER_MS: '120000' });
      expect(config.ensembles).toHaveLength(1);
      const { name, ...settings } = config.ensembles[0]!;
      expect(name).toBe('default');
      expect(config).toMatchObject(settings);
    });

    it('reads each entry as a configuration of its own: its settings, else those set outside it, numbers and booleans as the environment has them', () => {
      const file = ensembles([
        { name: 'kafka', ZK_CONNECT: 'zk1:2181,zk2:2181/kafka', LOCK_ROOTS: '/kafka/locks' },
        { name: 'hbase-prod', ZK_CONNECT: 'zk9:2281', ZK_TLS: true, ZK_TLS_CA: ca, STALE_HOLDER_MS: 300000, ZK_AUTH: 'digest:ops:s3cret' },
      ]);
      const config = loadConfig(['--ensembles', file], { STALE_HOLDER_MS: '90000', PORT: '4000' });
      expect(config.ensembles.map((ensemble) => ensemble.name)).toEqual(['kafka', 'hbase-prod']);
      expect(config.ensembles[0]).toMatchObject({ zkConnect: 'zk1:2181,zk2:2181/kafka', lockRoots: ['/kafka/locks'], staleHolderMs: 90000, zkTransport: { tls: null, sasl: null }, zkAuth: null });
      expect(config.ensembles[1]).toMatchObject({ zkConnect: 'zk9:2281', lockRoots: ['/'], staleHolderMs: 300000, zkAuth: { scheme: 'digest', credentials: 'ops:s3cret' } });
      expect(config.ensembles[1]!.zkTransport.tls?.ca).toContain('BEGIN CERTIFICATE');
      // The process's settings are the process's; the first ensemble's are also the top level's.
      expect(config).toMatchObject({ port: 4000, zkConnect: 'zk1:2181,zk2:2181/kafka', lockRoots: ['/kafka/locks'] });
      expect(loadConfig([], { ZK_ENSEMBLES: file }).ensembles).toHaveLength(2);
    });

    it.each([
      [[{ name: 'kafka', ZK_CONNECT: 'zk1' }], /^config: ZK_ENSEMBLES "kafka" ZK_CONNECT must look like host:port/],
      [[{ name: 'kafka' }], /^config: ZK_ENSEMBLES "kafka": ZK_CONNECT is needed/],
      [[{ name: 'kafka', ZK_CONNECT: 'zk1:2181', ZK_CONECT: 'zk2:2181' }], /^config: ZK_ENSEMBLES "kafka": ZK_CONECT is no setting/],
      [[{ name: 'kafka', ZK_CONNECT: 'zk1:2181', PORT: 4000 }], /^config: ZK_ENSEMBLES "kafka": PORT is the same for every ensemble/],
      [[{ name: 'kafka', ZK_CONNECT: 'zk1:2181', LOCK_ROOTS: ['/a'] }], /^config: ZK_ENSEMBLES "kafka" LOCK_ROOTS must be a string, a number or true\/false/],
      [[{ name: 'hbase', ZK_CONNECT: 'zk9:2281', ZK_TLS: '1', ZK_TLS_CA: '/nowhere/ca.pem' }], /^config: ZK_ENSEMBLES "hbase" ZK_TLS_CA cannot read \/nowhere\/ca.pem \(ENOENT\)$/],
      [[{ name: 'hbase', ZK_CONNECT: 'zk9:2281', ZK_TLS_CA: 'ca.pem' }], /^config: ZK_ENSEMBLES "hbase": ZK_TLS_CA set without ZK_TLS=1$/],
      [[{ name: 'a', ZK_CONNECT: 'zk1:2181' }, { name: 'a', ZK_CONNECT: 'zk2:2181' }], /two ensembles are named "a"/],
      [[{ name: 'kafka/prod', ZK_CONNECT: 'zk1:2181' }], /entry 1 needs a "name" of letters, digits/],
      [[{ ZK_CONNECT: 'zk1:2181' }], /entry 1 needs a "name"/],
      [['zk1:2181'], /entry 1 is not an object/],
      [[], /must hold a non-empty array/],
      ['{"name": ', /is not JSON/],
    ])('refuses the entries %j with one line naming the ensemble and the setting', (content, pattern) => {
      const message = configError([], { ZK_ENSEMBLES: ensembles(content) });
      expect(message).toMatch(pattern);
      expect(message).not.toContain('\n');
    });

    it('refuses a connection set outside the entries, a file it cannot read, and replay mode beside it', () => {
      const file = ensembles([{ name: 'kafka', ZK_CONNECT: 'zk1:2181' }]);
      expect(configError([], { ZK_ENSEMBLES: file, ZK_CONNECT: 'zk2:2181', ZK_TLS: '1' })).toBe("config: ZK_ENSEMBLES / --ensembles names every ensemble's connection: set ZK_CONNECT, ZK_TLS in its entry, not outside");
      expect(configError([], { ZK_ENSEMBLES: join(dir, 'missing.json') })).toBe(`config: ZK_ENSEMBLES / --ensembles cannot read ${join(dir, 'missing.json')} (ENOENT)`);
      expect(configError([], { ZK_ENSEMBLES: file, ZK_REPLAY: '/var/lib/zookeeper' })).toMatch(/leave ZK_REPLAY unset/);
    });

    it('never echoes a secret of an entry', () => {
      const auth = configError([], { ZK_ENSEMBLES: ensembles([{ name: 'kafka', ZK_CONNECT: 'zk1:2181', ZK_AUTH: 'hunter2' }]) });
      expect(auth).toMatch(/^config: ZK_ENSEMBLES "kafka" ZK_AUTH must look like digest:user:password$/);
      const sasl = configError([], { ZK_ENSEMBLES: ensembles([{ name: 'kafka', ZK_CONNECT: 'zk1:2181', ZK_SASL: 'plain:u:hunter2' }]) });
      expect(sasl).toContain('ZK_ENSEMBLES "kafka" ZK_SASL');
      expect(sasl).not.toContain('hunter2');
    });
  });
});
