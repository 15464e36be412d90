/**
 * Configuration from environment variables, each with an equal command-line flag (the flag
 * wins), validated at start: a bad value is one clear line and exit 1. Secret values are never
 * echoed back in an error.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { describeZodError, ZnodePath } from '../lib/protocol';
import type { ZkSasl, ZkTls, ZkTransport } from './zk/wire/connection';
import { loadKerberos, type ZkGssapi } from './zk/wire/gssapi';

export interface Config {
  /** Unset: start an embedded ZooKeeper. */
  zkConnect: string | null;
  /** Replay mode: ZooKeeper's files in these directories are served, with no ZooKeeper; null: live. */
  zkReplay: string[] | null;
  /** Live mode: ZooKeeper's files as this machine sees them, followed for the past; null: none (the embedded ZooKeeper's own are followed anyway). */
  zkDataDir: string[] | null;
  /** Where the embedded ZooKeeper keeps its data across restarts; null: a temporary directory, removed on stop. */
  embeddedDir: string | null;
  port: number;
  host: string;
  lockRoots: string[];
  zkAuth: { scheme: 'digest'; credentials: string } | null;
  sessionTimeoutMs: number;
  allowSimulation: boolean;
  allowBreakLocks: boolean;
  /** Whether empty lock parents may be deleted from the garbage page, and leaked nodes one at a time. */
  allowCleanup: boolean;
  /** The most empty parents a clean-up deletes a second. */
  cleanupRate: number;
  adminToken: string | null;
  simRoot: string;
  /** An explicit cap on the znodes one scan reads; null (the default): the whole tree, at `discoveryReadsPerSecond`. */
  discoveryMaxNodes: number | null;
  /** The most znodes the scan for locks reads a second. */
  discoveryReadsPerSecond: number;
  /** How often the tree is scanned again while the ephemeral nodes keep the list live (ms; 0: never), for locks of persistent nodes alone. */
  discoveryRescanMs: number;
  staleHolderMs: number;
  /** The incidents of ZooKeeper's files: a wait this long is a long wait (ms); this many sessions expiring within 2 s of each other a mass expiry; a change finding this many waiters part of a herd storm. */
  longWaitMs: number;
  massExpirySessions: number;
  herdStormWaiters: number;
  /** How many holds and how many waits each followed lock keeps in its history. */
  historyCapacity: number;
  /** Live mode with ZooKeeper's files: about how many of the newest transactions are kept read (older ones are let go from the newest snapshot on). */
  zkFilesKeep: number;
  /** How many locks get series of their own in the hold, wait and handover metrics; the rest are summed under lock="_other". */
  metricsLockLimit: number;
  introspectIntervalMs: number;
  /** The AdminServer's port on each member's host (0: not used), asked where a four-letter word is refused. */
  zkAdminPort: number;
  /** The AdminServer's base URL of each member, in the order of ZK_CONNECT, for other layouts; null to use `zkAdminPort`. */
  zkAdminUrls: string[] | null;
  /** TLS and SASL towards ZooKeeper, with the PEM files already read. */
  zkTransport: ZkTransport;
  dev: boolean;
  /**
   * Every ensemble followed, each with its own settings: ZK_ENSEMBLES's entries, else one named
   * `default` of the settings above (the first entry's settings are also the ones above).
   */
  ensembles: EnsembleConfig[];
}

/** The settings that are the same for every ensemble: one process, one port, one token. */
const PROCESS_SETTINGS = ['zkReplay', 'embeddedDir', 'port', 'host', 'adminToken', 'zkEnsembles'] as const;
type ProcessSetting = (typeof PROCESS_SETTINGS)[number];

/** An ensemble's own settings: every setting but the process's, under its name. */
export type EnsembleConfig = { name: string } & Omit<Config, Exclude<ProcessSetting, 'zkEnsembles'> | 'dev' | 'ensembles'>;

/**
 * The settings that say which ensemble and how to reach it: in ZK_ENSEMBLES they are each
 * entry's own (set outside it, they are refused); the others set outside it are every entry's default.
 */
const CONNECTION_SETTINGS = ['zkConnect', 'zkDataDir', 'zkAuth', 'zkAdminUrls', 'zkTls', 'zkTlsCa', 'zkTlsCert', 'zkTlsKey', 'zkSasl', 'zkKrb5Keytab', 'zkKrb5Principal', 'zkServerPrincipal'] as const satisfies readonly SettingName[];

/** An ensemble's name: a URL path segment and a metric label value. */
export const ENSEMBLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

/** One setting: its environment variable, its flag and what the README says of it. */
interface Setting {
  env: string;
  flag: string;
  help: string;
  secret?: boolean;
}

export const SETTINGS = {
  zkConnect: { env: 'ZK_CONNECT', flag: 'zk-connect', help: 'ZooKeeper connection string (host:port,... with an optional /chroot); unset starts an embedded ZooKeeper' },
  zkEnsembles: { env: 'ZK_ENSEMBLES', flag: 'ensembles', help: 'a JSON file naming every ensemble followed: an array of objects, each a `name` and its own settings under their environment variables\' names (ZK_CONNECT, ZK_TLS, LOCK_ROOTS, …); the settings set outside it are every ensemble\'s defaults' },
  zkReplay: { env: 'ZK_REPLAY', flag: 'replay', help: "replay mode: serve ZooKeeper's own files read-only, with no ZooKeeper: a data directory, its version-2, or a folder of copied log.* and snapshot.* files (comma-separated, for a separate dataLogDir)" },
  zkDataDir: { env: 'ZK_DATA_DIR', flag: 'data-dir', help: "live mode: ZooKeeper's data directory as this machine sees it (a ZooKeeper host, or the directory mounted; comma-separated with a separate dataLogDir): each lock's history and `?at=` reach back to the oldest transaction it keeps, read as ZooKeeper writes it" },
  embeddedDir: { env: 'ZK_EMBEDDED_DIR', flag: 'embedded-dir', help: "where the embedded ZooKeeper keeps its data, kept across restarts (its files are each lock's history); `temp` for a fresh temporary directory removed on stop" },
  port: { env: 'PORT', flag: 'port', help: 'HTTP port for the page, the API and socket.io (0 picks a free one)' },
  host: { env: 'HOST', flag: 'host', help: 'address to listen on' },
  lockRoots: { env: 'LOCK_ROOTS', flag: 'lock-roots', help: 'comma-separated znode paths under which locks are discovered' },
  zkAuth: { env: 'ZK_AUTH', flag: 'zk-auth', help: 'ZooKeeper digest credentials as digest:user:password', secret: true },
  sessionTimeoutMs: { env: 'SESSION_TIMEOUT_MS', flag: 'session-timeout-ms', help: "the explorer's ZooKeeper session timeout in ms" },
  allowSimulation: { env: 'ALLOW_SIMULATION', flag: 'allow-simulation', help: 'allow simulated contenders against a ZooKeeper the explorer did not start (1/0)' },
  allowBreakLocks: { env: 'ALLOW_BREAK_LOCKS', flag: 'allow-break-locks', help: 'allow deleting a lock node from the page to break a stuck lock, after a confirmation; each one is logged (1/0)' },
  allowCleanup: { env: 'ALLOW_CLEANUP', flag: 'allow-cleanup', help: 'allow deleting lock garbage from the garbage page: empty lock parents (each only if still empty and unchanged) and leaked contender nodes one at a time; each deletion is logged (1/0)' },
  cleanupRate: { env: 'CLEANUP_DELETES_PER_SECOND', flag: 'cleanup-deletes-per-second', help: 'the most empty lock parents a clean-up deletes a second' },
  adminToken: { env: 'ADMIN_TOKEN', flag: 'admin-token', help: 'bearer token required by every control when set', secret: true },
  simRoot: { env: 'SIM_ROOT', flag: 'sim-root', help: 'the only subtree simulated contenders may touch' },
  discoveryMaxNodes: { env: 'DISCOVERY_MAX_NODES', flag: 'discovery-max-nodes', help: 'an explicit cap on the znodes one scan for locks reads (default: none, the whole tree)' },
  discoveryReadsPerSecond: { env: 'DISCOVERY_READS_PER_SECOND', flag: 'discovery-reads-per-second', help: 'the most znodes the scan for locks reads a second' },
  discoveryRescanMs: { env: 'DISCOVERY_RESCAN_MS', flag: 'discovery-rescan-ms', help: 'how often the tree is scanned again for locks of persistent nodes alone, while the ephemeral nodes find the rest (0: never)' },
  staleHolderMs: { env: 'STALE_HOLDER_MS', flag: 'stale-holder-ms', help: 'a holder that holds longer than this while someone waits behind it is named a stale holder (unless it is in a deadlock or has no connection: named for that)' },
  longWaitMs: { env: 'LONG_WAIT_MS', flag: 'long-wait-ms', help: "the incidents of ZooKeeper's files: a wait this long or longer is a long wait (a long hold is STALE_HOLDER_MS)" },
  massExpirySessions: { env: 'MASS_EXPIRY_SESSIONS', flag: 'mass-expiry-sessions', help: "the incidents of ZooKeeper's files: this many sessions or more expiring within 2 s of each other are a mass expiry (a partition's signature)" },
  herdStormWaiters: { env: 'HERD_STORM_WAITERS', flag: 'herd-storm-waiters', help: "the incidents of ZooKeeper's files: a change of a lock whose names are also a herd's that finds this many waiters or more is part of a herd storm" },
  historyCapacity: { env: 'HISTORY_CAPACITY', flag: 'history-capacity', help: 'how many holds and how many waits each followed lock keeps in its history' },
  zkFilesKeep: { env: 'ZK_FILES_KEEP', flag: 'files-keep', help: "live mode with ZooKeeper's files: about how many of the newest transactions are kept read (about 350 bytes of memory each); past half as many again, the older ones are let go, from a snapshot on" },
  metricsLockLimit: { env: 'METRICS_LOCK_LIMIT', flag: 'metrics-lock-limit', help: 'how many locks get their own series in zklock_hold_seconds, zklock_wait_seconds and zklock_handovers_total (the rest are summed under lock="_other")' },
  introspectIntervalMs: { env: 'INTROSPECT_INTERVAL_MS', flag: 'introspect-interval-ms', help: 'how often every ZooKeeper server is asked for watches and connections (0: never)' },
  zkAdminPort: { env: 'ZK_ADMIN_PORT', flag: 'zk-admin-port', help: "the AdminServer's port on each member's host, asked where a four-letter word is refused (0: never)" },
  zkAdminUrls: { env: 'ZK_ADMIN_URLS', flag: 'zk-admin-urls', help: "comma-separated AdminServer base URLs, one per member in ZK_CONNECT's order (e.g. http://zk1:8080)" },
  zkTls: { env: 'ZK_TLS', flag: 'zk-tls', help: 'connect to ZooKeeper over TLS (its secureClientPort), verifying the server (1/0)' },
  zkTlsCa: { env: 'ZK_TLS_CA', flag: 'zk-tls-ca', help: "PEM bundle of the CA that signed the servers' certificates (default: the system's CAs)" },
  zkTlsCert: { env: 'ZK_TLS_CERT', flag: 'zk-tls-cert', help: 'PEM client certificate, for mutual TLS (with ZK_TLS_KEY)' },
  zkTlsKey: { env: 'ZK_TLS_KEY', flag: 'zk-tls-key', help: "PEM private key of ZK_TLS_CERT; the file's contents are never logged" },
  zkSasl: { env: 'ZK_SASL', flag: 'zk-sasl', help: 'SASL login for every session: digest-md5:USER:PASSWORD, or gssapi (Kerberos: a keytab, or the ticket cache KRB5CCNAME; KRB5_CONFIG is honoured)', secret: true },
  zkKrb5Keytab: { env: 'ZK_KRB5_KEYTAB', flag: 'zk-krb5-keytab', help: 'Kerberos (ZK_SASL=gssapi): the keytab ZK_KRB5_PRINCIPAL logs in with, its tickets fetched again as they expire; without it, the ticket cache (kinit)' },
  zkKrb5Principal: { env: 'ZK_KRB5_PRINCIPAL', flag: 'zk-krb5-principal', help: 'Kerberos: the client principal, e.g. explorer@EXAMPLE.COM (with ZK_KRB5_KEYTAB; alone, the one of the ticket cache to use)' },
  zkSaslService: { env: 'ZK_SASL_SERVICE', flag: 'zk-sasl-service', help: "Kerberos: the first part of ZooKeeper's service principal, <service>/<server host> (zookeeper.sasl.client.username)" },
  zkSaslCanonicalize: { env: 'ZK_SASL_CANONICALIZE', flag: 'zk-sasl-canonicalize', help: "Kerberos: name each server in its service principal by its canonical host name, its address looked up (zookeeper.sasl.client.canonicalize.hostname) (1/0)" },
  zkServerPrincipal: { env: 'ZK_SERVER_PRINCIPAL', flag: 'zk-server-principal', help: "Kerberos: ZooKeeper's whole service principal, service/host[@REALM], for every server (zookeeper.server.principal); the realm is the one krb5.conf gives the host" },
} as const satisfies Record<string, Setting>;

type SettingName = keyof typeof SETTINGS;

const connectString = z
  .string()
  .regex(
    /^[A-Za-z0-9.\-_[\]:]+:\d{1,5}(,[A-Za-z0-9.\-_[\]:]+:\d{1,5})*(\/[^,]*)?$/,
    'must look like host:port[,host:port...][/chroot]',
  )
  .refine((value) => {
    const slash = value.indexOf('/');
    return slash < 0 || ZnodePath.safeParse(value.slice(slash)).success;
  }, 'has an invalid chroot path');

const port = z.coerce.number().int().min(0).max(65535);
const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((value) => ['1', 'true', 'yes'].includes(value));

/** Comma-separated directories (a data directory and a separate dataLogDir). */
const directories = z
  .string()
  .transform((value) => value.split(',').map((dir) => dir.trim()).filter((dir) => dir !== ''))
  .pipe(z.array(z.string()).min(1, 'must name at least one directory'));

const parsers: Record<SettingName, z.ZodType> = {
  zkEnsembles: z.string().min(1),
  zkConnect: connectString,
  zkReplay: directories,
  zkDataDir: directories,
  embeddedDir: z.string().min(1).transform((value) => (value === 'temp' ? null : value)),
  port,
  host: z.string().min(1),
  lockRoots: z
    .string()
    .transform((value) => value.split(',').map((root) => root.trim()).filter((root) => root !== ''))
    .pipe(z.array(ZnodePath).min(1, 'must name at least one path')),
  zkAuth: z
    .string()
    .regex(/^digest:[^:]+:.+$/, 'must look like digest:user:password')
    .transform((value) => ({ scheme: 'digest' as const, credentials: value.slice('digest:'.length) })),
  sessionTimeoutMs: z.coerce.number().int().min(1000).max(600_000),
  allowSimulation: bool,
  allowBreakLocks: bool,
  allowCleanup: bool,
  cleanupRate: z.coerce.number().int().min(1).max(10_000),
  adminToken: z.string().min(8, 'must be at least 8 characters'),
  simRoot: ZnodePath.refine((path) => path !== '/', 'must not be the root'),
  discoveryMaxNodes: z.coerce.number().int().min(1).max(100_000_000),
  discoveryReadsPerSecond: z.coerce.number().int().min(10).max(1_000_000),
  discoveryRescanMs: z.coerce.number().int().min(0).max(30 * 86_400_000),
  staleHolderMs: z.coerce.number().int().min(1000).max(30 * 86_400_000),
  longWaitMs: z.coerce.number().int().min(1000).max(30 * 86_400_000),
  massExpirySessions: z.coerce.number().int().min(2).max(1_000_000),
  herdStormWaiters: z.coerce.number().int().min(2).max(1_000_000),
  historyCapacity: z.coerce.number().int().min(10).max(100_000),
  zkFilesKeep: z.coerce.number().int().min(100).max(50_000_000),
  metricsLockLimit: z.coerce.number().int().min(0).max(10_000),
  introspectIntervalMs: z.coerce.number().int().min(0).max(3_600_000),
  zkAdminPort: port,
  zkAdminUrls: z
    .string()
    .transform((value) => value.split(',').map((url) => url.trim().replace(/\/+$/, '')).filter((url) => url !== ''))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'must be http(s) URLs such as http://zk1:8080')).min(1, 'must name at least one URL')),
  zkTls: bool,
  zkTlsCa: z.string().min(1),
  zkTlsCert: z.string().min(1),
  zkTlsKey: z.string().min(1),
  zkSasl: z
    .string()
    .regex(/^(gssapi|kerberos|digest-md5:[^:]+:.+)$/i, 'must be gssapi (Kerberos) or look like digest-md5:USER:PASSWORD')
    .transform((value): ZkSasl | 'gssapi' => {
      if (/^(gssapi|kerberos)$/i.test(value)) return 'gssapi';
      const [, username, ...password] = value.split(':');
      return { mechanism: 'digest-md5', username: username!, password: password.join(':') };
    }),
  zkKrb5Keytab: z.string().min(1),
  zkKrb5Principal: z.string().regex(/^[^\s@]+(@[^\s@]+)?$/, 'must look like user@REALM'),
  zkSaslService: z.string().regex(/^[^\s/@]+$/, 'must be a service name, such as zookeeper'),
  zkSaslCanonicalize: bool,
  zkServerPrincipal: z.string().regex(/^[^\s/@]+\/[^\s/@]+(@[^\s/@]+)?$/, 'must look like service/host or service/host@REALM'),
};

const DEFAULTS: Record<SettingName, string | null> = {
  zkEnsembles: null,
  zkConnect: null,
  zkReplay: null,
  zkDataDir: null,
  embeddedDir: '.zookeeper',
  port: '3000',
  host: '127.0.0.1',
  lockRoots: '/',
  zkAuth: null,
  sessionTimeoutMs: '10000',
  allowSimulation: '0',
  allowBreakLocks: '0',
  allowCleanup: '0',
  cleanupRate: '200',
  adminToken: null,
  simRoot: '/sim',
  discoveryMaxNodes: null,
  discoveryReadsPerSecond: '10000',
  discoveryRescanMs: '900000',
  staleHolderMs: '60000',
  longWaitMs: '30000',
  massExpirySessions: '5',
  herdStormWaiters: '10',
  historyCapacity: '1000',
  zkFilesKeep: '1000000',
  metricsLockLimit: '100',
  introspectIntervalMs: '2000',
  zkAdminPort: '8080',
  zkAdminUrls: null,
  zkTls: '0',
  zkTlsCa: null,
  zkTlsCert: null,
  zkTlsKey: null,
  zkSasl: null,
  zkKrb5Keytab: null,
  zkKrb5Principal: null,
  zkSaslService: 'zookeeper',
  zkSaslCanonicalize: '1',
  zkServerPrincipal: null,
};

/** A configuration error: its message is the one line printed before exit 1. */
export class ConfigError extends Error {}

/** Parsed settings by name (null: unset). */
type Values = Partial<Record<SettingName, unknown>>;

/** How an error names a setting, and what it puts before an error that names none. */
interface Where {
  label: (setting: Setting) => string;
  prefix: string;
}

const TOP: Where = { label: (setting) => `${setting.env} / --${setting.flag}`, prefix: '' };

/** Every setting's raw value (`raw`) parsed; throws ConfigError naming the first bad one (never echoing a secret). */
function parseSettings(raw: (name: SettingName) => string | null, where: Where): Values {
  const values: Values = {};
  for (const [name, setting] of Object.entries(SETTINGS) as Array<[SettingName, Setting]>) {
    const value = raw(name);
    if (value === null || value === '') {
      values[name] = null;
      continue;
    }
    const parsed = parsers[name].safeParse(value);
    if (!parsed.success) {
      const shown = setting.secret ? '' : ` (got ${JSON.stringify(value)})`;
      throw new ConfigError(`config: ${where.label(setting)} ${describeZodError(parsed.error)}${shown}`);
    }
    values[name] = parsed.data;
  }
  return values;
}

/** Reads the configuration from `argv` flags and `env`, flags first. Throws ConfigError. */
export function loadConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Config {
  const options = Object.fromEntries(
    Object.values(SETTINGS).map((setting) => [setting.flag, { type: 'string' as const }]),
  );
  let flags: Record<string, string | boolean | undefined>;
  try {
    ({ values: flags } = parseArgs({ args: [...argv], options: { ...options, dev: { type: 'boolean' } }, strict: true }));
  } catch (error) {
    throw new ConfigError(`config: ${error instanceof Error ? error.message : String(error)}`);
  }
  const given = (name: SettingName): string | null => {
    const flag = flags[SETTINGS[name].flag];
    return typeof flag === 'string' ? flag : (env[SETTINGS[name].env] ?? null);
  };
  const values = parseSettings((name) => given(name) ?? DEFAULTS[name], TOP);
  if (values.zkReplay != null && values.zkConnect != null) throw new ConfigError('config: ZK_REPLAY / --replay serves files with no ZooKeeper: leave ZK_CONNECT unset');
  const file = values.zkEnsembles as string | null;
  const ensembles =
    file === null
      ? [ensembleOf('default', values, TOP)]
      : ensemblesOf(file, values, given).map(({ name, values: own, where }) => ensembleOf(name, own, where));
  const first: Partial<EnsembleConfig> = { ...ensembles[0]! };
  delete first.name;
  return {
    ...(first as Omit<EnsembleConfig, 'name'>),
    zkReplay: (values.zkReplay as string[] | null) ?? null,
    embeddedDir: (values.embeddedDir as string | null) ?? null,
    port: values.port as number,
    host: values.host as string,
    adminToken: (values.adminToken as string | null) ?? null,
    dev: flags.dev === true,
    ensembles,
  };
}

/** One ensemble's settings from its parsed values. */
function ensembleOf(name: string, values: Values, where: Where): EnsembleConfig {
  return {
    name,
    zkConnect: (values.zkConnect as string | null) ?? null,
    zkDataDir: (values.zkDataDir as string[] | null) ?? null,
    lockRoots: values.lockRoots as string[],
    zkAuth: (values.zkAuth as Config['zkAuth']) ?? null,
    sessionTimeoutMs: values.sessionTimeoutMs as number,
    allowSimulation: values.allowSimulation as boolean,
    allowBreakLocks: values.allowBreakLocks as boolean,
    allowCleanup: values.allowCleanup as boolean,
    cleanupRate: values.cleanupRate as number,
    simRoot: values.simRoot as string,
    discoveryMaxNodes: (values.discoveryMaxNodes as number | null) ?? null,
    discoveryReadsPerSecond: values.discoveryReadsPerSecond as number,
    discoveryRescanMs: values.discoveryRescanMs as number,
    staleHolderMs: values.staleHolderMs as number,
    longWaitMs: values.longWaitMs as number,
    massExpirySessions: values.massExpirySessions as number,
    herdStormWaiters: values.herdStormWaiters as number,
    historyCapacity: values.historyCapacity as number,
    zkFilesKeep: values.zkFilesKeep as number,
    metricsLockLimit: values.metricsLockLimit as number,
    introspectIntervalMs: values.introspectIntervalMs as number,
    zkAdminPort: values.zkAdminPort as number,
    zkAdminUrls: (values.zkAdminUrls as string[] | null) ?? null,
    zkTransport: transportOf(values, where),
  };
}

/** A value of an entry of ZK_ENSEMBLES: a string as in the environment, a number, or a boolean (1/0). */
const EntryValue = z.union([z.string(), z.number(), z.boolean()]).transform((value) => (typeof value === 'boolean' ? (value ? '1' : '0') : String(value)));

/**
 * The entries of the ZK_ENSEMBLES file `file`, each parsed as a configuration of its own: its
 * settings, else those set outside it (`outside`: flag, environment, default), but for the
 * connection's, which are each entry's alone (`given`: a setting's flag or environment variable,
 * null where neither is set). Throws ConfigError naming the entry and the setting.
 */
function ensemblesOf(file: string, values: Values, given: (name: SettingName) => string | null): Array<{ name: string; values: Values; where: Where }> {
  const head = `config: ZK_ENSEMBLES / --ensembles`;
  if (values.zkReplay != null) throw new ConfigError(`${head} follows live ensembles: leave ZK_REPLAY unset`);
  const outside = (name: SettingName): string | null => given(name) ?? DEFAULTS[name];
  const set = CONNECTION_SETTINGS.filter((name) => given(name) !== null && given(name) !== '');
  if (set.length > 0) throw new ConfigError(`${head} names every ensemble's connection: set ${set.map((name) => SETTINGS[name].env).join(', ')} in its entry, not outside`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${head} cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${head}: ${file} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(json) || json.length === 0) throw new ConfigError(`${head}: ${file} must hold a non-empty array of ensembles ({"name": …, "ZK_CONNECT": …})`);
  const byEnv = new Map<string, SettingName>((Object.entries(SETTINGS) as Array<[SettingName, Setting]>).map(([name, setting]) => [setting.env, name]));
  const names = new Set<string>();
  return json.map((entry: unknown, i) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new ConfigError(`${head}: entry ${i + 1} is not an object`);
    const record = entry as Record<string, unknown>;
    const name = record.name;
    if (typeof name !== 'string' || !ENSEMBLE_NAME.test(name)) throw new ConfigError(`${head}: entry ${i + 1} needs a "name" of letters, digits, - and _ (at most 63, first a letter or digit)${typeof name === 'string' ? ` (got ${JSON.stringify(name)})` : ''}`);
    if (names.has(name)) throw new ConfigError(`${head}: two ensembles are named "${name}"`);
    names.add(name);
    const where: Where = { label: (setting) => `ZK_ENSEMBLES "${name}" ${setting.env}`, prefix: `ZK_ENSEMBLES "${name}": ` };
    const own = new Map<SettingName, string>();
    for (const [key, value] of Object.entries(record)) {
      if (key === 'name') continue;
      const setting = byEnv.get(key);
      if (setting === undefined) throw new ConfigError(`config: ${where.prefix}${key} is no setting (settings are named as their environment variables, e.g. ZK_CONNECT)`);
      if ((PROCESS_SETTINGS as readonly string[]).includes(setting)) throw new ConfigError(`config: ${where.prefix}${key} is the same for every ensemble: set it outside ZK_ENSEMBLES`);
      const parsed = EntryValue.safeParse(value);
      if (!parsed.success) throw new ConfigError(`config: ${where.label(SETTINGS[setting])} must be a string, a number or true/false`);
      own.set(setting, parsed.data);
    }
    if (!own.has('zkConnect')) throw new ConfigError(`config: ${where.prefix}ZK_CONNECT is needed (an ensemble of ZK_ENSEMBLES is one of your own)`);
    const connection = CONNECTION_SETTINGS as readonly SettingName[];
    const parsed = parseSettings((setting) => own.get(setting) ?? (connection.includes(setting) ? DEFAULTS[setting] : outside(setting)), where);
    return { name, values: parsed, where };
  });
}

/** Reads a PEM file named by a setting; a missing or unreadable one is a ConfigError naming the setting, never its contents. */
function readPem(setting: Setting, path: string, where: Where): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`config: ${where.label(setting)} cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (!text.includes('-----BEGIN ')) throw new ConfigError(`config: ${where.label(setting)}: ${path} is not PEM (no -----BEGIN line)`);
  return text;
}

function transportOf(values: Values, where: Where): ZkTransport {
  const path = (name: 'zkTlsCa' | 'zkTlsCert' | 'zkTlsKey'): string | null => (values[name] as string | null | undefined) ?? null;
  const named = (['zkTlsCa', 'zkTlsCert', 'zkTlsKey'] as const).filter((name) => path(name) !== null);
  let tls: ZkTls | null = null;
  if (values.zkTls === true) {
    if ((path('zkTlsCert') === null) !== (path('zkTlsKey') === null)) {
      throw new ConfigError(`config: ${where.prefix}ZK_TLS_CERT and ZK_TLS_KEY go together (mutual TLS needs both the certificate and its key)`);
    }
    const read = (name: 'zkTlsCa' | 'zkTlsCert' | 'zkTlsKey'): string | null => (path(name) === null ? null : readPem(SETTINGS[name], path(name)!, where));
    tls = { ca: read('zkTlsCa'), cert: read('zkTlsCert'), key: read('zkTlsKey') };
  } else if (named.length > 0) {
    throw new ConfigError(`config: ${where.prefix}${named.map((name) => SETTINGS[name].env).join(', ')} set without ZK_TLS=1`);
  }
  if ((tls !== null || values.zkSasl) && values.zkConnect == null) {
    throw new ConfigError(`config: ${where.prefix}ZK_TLS and ZK_SASL are for an ensemble of your own (ZK_CONNECT); the embedded ZooKeeper serves plain TCP`);
  }
  const sasl = values.zkSasl as ZkSasl | 'gssapi' | null | undefined;
  return { tls, sasl: sasl === 'gssapi' ? gssapiOf(values, where) : (kerberosUnused(values, where), sasl ?? null) };
}

/** Kerberos's settings, read with ZK_SASL=gssapi: the keytab there and readable, and the `kerberos` package loadable, or the start fails saying what to do. */
function gssapiOf(values: Values, where: Where): ZkGssapi {
  const keytab = (values.zkKrb5Keytab as string | null | undefined) ?? null;
  const principal = (values.zkKrb5Principal as string | null | undefined) ?? null;
  if (keytab !== null) {
    if (principal === null) throw new ConfigError(`config: ${where.prefix}ZK_KRB5_KEYTAB needs ZK_KRB5_PRINCIPAL, the principal of the keytab to log in as`);
    try {
      accessSync(keytab, constants.R_OK);
    } catch (error) {
      throw new ConfigError(`config: ${where.label(SETTINGS.zkKrb5Keytab)} cannot read ${keytab} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  try {
    loadKerberos();
  } catch (error) {
    throw new ConfigError(`config: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    mechanism: 'gssapi',
    keytab,
    principal,
    service: values.zkSaslService as string,
    canonicalize: values.zkSaslCanonicalize as boolean,
    serverPrincipal: (values.zkServerPrincipal as string | null | undefined) ?? null,
  };
}

/** Kerberos's own settings are said to be unused where ZK_SASL is not gssapi (the defaults aside). */
function kerberosUnused(values: Values, where: Where): void {
  const set = (['zkKrb5Keytab', 'zkKrb5Principal', 'zkServerPrincipal'] as const).filter((name) => values[name] != null);
  if (set.length > 0) throw new ConfigError(`config: ${where.prefix}${set.map((name) => SETTINGS[name].env).join(', ')} set without ZK_SASL=gssapi`);
}

/** The configuration when nothing is set: the defaults above, read as any configuration is. Whoever builds an explorer without a full configuration (tests, benches) takes what it leaves out from here. */
export const CONFIG_DEFAULTS: Config = loadConfig([], {});
