/**
 * A real ZooKeeper server process on a loopback port with a temporary data directory: the
 * explorer's embedded mode and the test harness both use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../net';
import { fourLetterWord } from './four-letter';
import type { ZkTls } from './wire/connection';

/** A ZooKeeper release line the project starts: the system's (Debian 12's 3.8), or 3.9 unpacked beside it by `scripts/zookeeper-3.9.sh`. */
export type ZooKeeperVersion = '3.8' | '3.9';

export interface EmbeddedZooKeeperOptions {
  /** Which ZooKeeper to start: the system's by default (`findZooKeeper`), or 3.9 from `zooKeeper39Home()`. */
  version?: ZooKeeperVersion;
  /** Loopback port; a free one is picked when omitted. */
  port?: number;
  /** Where data and log go, kept (one explorer's at a time); a fresh temporary directory when omitted (and removed on stop). */
  dir?: string;
  /** How long to wait for `ruok` to answer `imok`. */
  startTimeoutMs?: number;
  /** Extra zoo.cfg lines, e.g. `minSessionTimeout=1000`; null removes a line of the defaults (`clientPort` for a TLS-only server). */
  extraConfig?: Record<string, string | number | null>;
  /** Extra jars for the server's class path (the AdminServer needs the servlet API, TLS Netty's codecs). */
  classpath?: string[];
  /** Extra JVM options (`-Djava.security.auth.login.config=…` for SASL). */
  jvmOptions?: string[];
  /** `port` serves only TLS (its `secureClientPort`): readiness is asked over TLS with these credentials. */
  tls?: ZkTls;
}

export interface EmbeddedZooKeeper {
  connectString: string;
  port: number;
  dir: string;
  logFile: string;
  pid: number;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes a temporary directory. */
  stop(): Promise<void>;
}

/** How to launch ZooKeeper on this machine: a java command line or `zkServer.sh start-foreground`. */
export interface ZooKeeperLauncher {
  command: string;
  /** The arguments for a config file, a main class and extra jars (`zkServer.sh` picks its own class and reads CLASSPATH). */
  args: (configFile: string, mainClass?: string, extraJars?: readonly string[], jvmOptions?: readonly string[]) => string[];
  description: string;
}

const DEBIAN_JAR = '/usr/share/java/zookeeper.jar';
// Debian's jar logs nothing without an SLF4J binding; slf4j-simple writes to stderr, our log file.
const DEBIAN_LOGGER = '/usr/share/java/slf4j-simple.jar';
const MAIN_CLASS = 'org.apache.zookeeper.server.ZooKeeperServerMain';
const QUORUM_MAIN_CLASS = 'org.apache.zookeeper.server.quorum.QuorumPeerMain';

/**
 * Finds ZooKeeper. 3.8, the default: `ZOOKEEPER_HOME`, then Debian's jar, then `zkServer.sh` on
 * PATH. 3.9: the jars `scripts/zookeeper-3.9.sh` unpacked in `zooKeeper39Home()`.
 */
export function findZooKeeper(env: NodeJS.ProcessEnv = process.env, version: ZooKeeperVersion = '3.8'): ZooKeeperLauncher | null {
  const java = env.JAVA_HOME ? join(env.JAVA_HOME, 'bin', 'java') : 'java';
  if (version === '3.9') return findZooKeeper39(java, env);
  const home = env.ZOOKEEPER_HOME;
  if (home && existsSync(join(home, 'lib'))) {
    const jars = readdirSync(join(home, 'lib'))
      .filter((file) => file.endsWith('.jar'))
      .map((file) => join(home, 'lib', file));
    const own = existsSync(home) ? readdirSync(home).filter((f) => /^zookeeper-.*\.jar$/.test(f)).map((f) => join(home, f)) : [];
    return javaLauncher(java, [join(home, 'conf'), ...own, ...jars], `ZOOKEEPER_HOME=${home}`);
  }
  if (existsSync(DEBIAN_JAR)) return javaLauncher(java, [DEBIAN_JAR, ...(existsSync(DEBIAN_LOGGER) ? [DEBIAN_LOGGER] : [])], DEBIAN_JAR);
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const script = join(dir, 'zkServer.sh');
    if (dir && existsSync(script)) {
      return { command: script, args: (cfg) => ['start-foreground', cfg], description: script };
    }
  }
  return null;
}

/** A `java -cp` launcher over `classpath`, extra jars after it. */
function javaLauncher(java: string, classpath: readonly string[], description: string): ZooKeeperLauncher {
  return { command: java, args: (cfg, main = MAIN_CLASS, extra = [], jvm = []) => [...jvm, '-cp', [...classpath, ...extra].join(delimiter), main, cfg], description };
}

/** Where `scripts/zookeeper-3.9.sh` unpacks Debian 13's libzookeeper-java: `ZOOKEEPER_39_HOME`, or the project's `.tmp/zookeeper-3.9`. */
export function zooKeeper39Home(env: NodeJS.ProcessEnv = process.env): string {
  return env.ZOOKEEPER_39_HOME || fileURLToPath(new URL('../../.tmp/zookeeper-3.9', import.meta.url));
}

// The system's jars the 3.9 server runs on (its manifest names them too, and Jetty's); the servlet API is for its AdminServer.
const SYSTEM_JARS_39 = [
  'slf4j-api', 'commons-cli', 'commons-io', 'snappy-java', 'metrics-core', 'jackson-core', 'jackson-databind', 'jackson-annotations',
  'netty-buffer', 'netty-codec', 'netty-common', 'netty-handler', 'netty-resolver', 'netty-transport', 'netty-transport-native-epoll',
  'netty-transport-native-unix-common', 'servlet-api',
].map((name) => `/usr/share/java/${name}.jar`);

/**
 * ZooKeeper 3.9 with its own jute jar first: its server jar's manifest names the system's 3.8
 * `zookeeper-jute.jar`, which would otherwise load first and fail every connection
 * (`NoSuchMethodError: ConnectRequest.setReadOnly`).
 */
function findZooKeeper39(java: string, env: NodeJS.ProcessEnv): ZooKeeperLauncher | null {
  const home = zooKeeper39Home(env);
  const own = ['zookeeper-jute.jar', 'zookeeper.jar'].map((jar) => join(home, 'usr', 'share', 'java', jar));
  if (!own.every((jar) => existsSync(jar))) return null;
  const system = [...SYSTEM_JARS_39, DEBIAN_LOGGER].filter((jar) => existsSync(jar));
  return javaLauncher(java, [...own, ...system], `ZooKeeper 3.9 in ${home}`);
}

function requireZooKeeper(version: ZooKeeperVersion = '3.8'): ZooKeeperLauncher {
  const launcher = findZooKeeper(process.env, version);
  if (launcher !== null) return launcher;
  if (version === '3.9') {
    throw new Error(
      `ZooKeeper 3.9 is not unpacked in ${zooKeeper39Home()}: run \`bash scripts/zookeeper-3.9.sh\` (npm test does), which fetches ` +
        "Debian 13's libzookeeper-java from the Debian archive and says why where it cannot, or set ZOOKEEPER_39_HOME to a folder it was unpacked in",
    );
  }
  throw new Error(
    'ZooKeeper was not found: install it with `bash scripts/system-deps.sh` (Debian: apt-get install zookeeper), ' +
      'set ZOOKEEPER_HOME, or set ZK_CONNECT to use an existing ensemble',
  );
}

/** The zoo.cfg lines every server of ours has: loopback only, four-letter words, no connection limit. */
function baseConfig(dataDir: string, port: number): Record<string, string | number> {
  return {
    tickTime: 2000,
    dataDir,
    clientPort: port,
    clientPortAddress: '127.0.0.1',
    '4lw.commands.whitelist': '*',
    maxClientCnxns: 0,
    'admin.enableServer': 'false',
    forceSync: 'no',
    // The largest reply ZooKeeper sends (1 MB by default): the listing of a lock of 100,000 contenders is about 6 MB.
    'jute.maxbuffer': 32 * 1024 * 1024,
  };
}

/**
 * Launches one server process with `config` written to `<dir>/zoo.cfg`, its output to
 * `<dir>/zookeeper.log`, and resolves once `ready(port)` says it serves.
 */
async function launch(
  launcher: ZooKeeperLauncher,
  dir: string,
  port: number,
  config: Record<string, string | number | null>,
  options: {
    mainClass: string;
    temporary: boolean;
    startTimeoutMs: number;
    ready: (port: number) => Promise<boolean>;
    classpath?: readonly string[];
    jvmOptions?: readonly string[];
  },
): Promise<EmbeddedZooKeeper> {
  const configFile = join(dir, 'zoo.cfg');
  const logFile = join(dir, 'zookeeper.log');
  const lines = Object.entries(config).filter(([, value]) => value !== null);
  writeFileSync(configFile, lines.map(([key, value]) => `${key}=${value}`).join('\n') + '\n');

  const log = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    const extra = options.classpath ?? [];
    const jvm = options.jvmOptions ?? [];
    child = spawn(launcher.command, launcher.args(configFile, options.mainClass, extra, jvm), {
      cwd: dir,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        ZOO_LOG_DIR: dir,
        ZOO_LOG4J_PROP: 'INFO,CONSOLE',
        ...(extra.length > 0 ? { CLASSPATH: extra.join(delimiter) } : {}),
        ...(jvm.length > 0 ? { SERVER_JVMFLAGS: jvm.join(' ') } : {}),
      },
    });
  } finally {
    closeSync(log);
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  // A crash of the explorer must not leave a JVM behind.
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (options.temporary) rmSync(dir, { recursive: true, force: true });
    // A kept directory is free again (what a crash leaves there is checked by the next explorer).
    else if (ownedBy(dir) === process.pid) rmSync(join(dir, OWNER_FILE), { force: true });
  };

  const deadline = Date.now() + options.startTimeoutMs;
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // Its log's last lines go with the error: a test's clean-up may remove the directory before anyone reads it.
      const said = logTail(logFile);
      await stop();
      throw new Error(`ZooKeeper (${launcher.description}) exited during start-up with code ${child.exitCode}; see ${logFile}${said === '' ? '' : `, which ends:\n${said}`}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`ZooKeeper on 127.0.0.1:${port} did not start serving in time; see ${logFile}`);
    }
    ready = await options.ready(port).catch(() => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A kept directory names its ZooKeeper, for the next explorer to stop it should this one die without doing so.
  if (!options.temporary && existsSync(join(dir, OWNER_FILE))) writeFileSync(join(dir, OWNER_FILE), `${process.pid} ${child.pid ?? 0}\n`);
  return { connectString: `127.0.0.1:${port}`, port, dir, logFile, pid: child.pid ?? -1, stop };
}

/** The last lines of a log that say something (ZooKeeper's stack traces are long: their first lines name the cause). */
function logTail(file: string, lines = 12): string {
  try {
    return readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '' && !/^\s+at /.test(line)).slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts a standalone ZooKeeper and resolves once it answers `ruok`. */
export async function startEmbeddedZooKeeper(options: EmbeddedZooKeeperOptions = {}): Promise<EmbeddedZooKeeper> {
  const launcher = requireZooKeeper(options.version);
  const temporary = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'zk-lock-explorer-'));
  if (!temporary) claim(dir);
  const port = options.port ?? (await freePort());
  return launch(launcher, dir, port, { ...baseConfig(join(dir, 'data'), port), ...options.extraConfig }, {
    mainClass: MAIN_CLASS,
    temporary,
    startTimeoutMs: options.startTimeoutMs ?? 30_000,
    ready: (port) => serves(port, options.tls ?? null),
    classpath: options.classpath,
    jvmOptions: options.jvmOptions,
  });
}

/** The file in a kept directory that names the explorer using it and its ZooKeeper: `<explorer pid> <zookeeper pid>`. */
const OWNER_FILE = 'explorer.pid';

/**
 * Makes a kept directory this process's: refused while another explorer that is still running
 * has it (two ZooKeepers on one data directory would spoil it); a ZooKeeper left running by an
 * explorer that died without stopping it is stopped first.
 */
function claim(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const owner = join(dir, OWNER_FILE);
  if (existsSync(owner)) {
    const [explorer, zookeeper] = ownerLine(dir);
    if (explorer !== undefined && explorer !== process.pid && alive(explorer)) {
      throw new Error(`${dir} is in use by another explorer (pid ${explorer}) and its embedded ZooKeeper: stop it, or give this one another directory (ZK_EMBEDDED_DIR, or ZK_EMBEDDED_DIR=temp for a temporary one)`);
    }
    // Only a process started on this directory's zoo.cfg: the pid may have been given to another since.
    if (zookeeper !== undefined && zookeeper > 0 && alive(zookeeper) && commandLine(zookeeper).includes(join(dir, 'zoo.cfg'))) process.kill(zookeeper, 'SIGKILL');
  }
  writeFileSync(owner, `${process.pid} 0\n`);
}

/** The explorer and the ZooKeeper the owner file of a kept directory names; none where there is no such file. */
function ownerLine(dir: string): [number | undefined, number | undefined] {
  try {
    const [explorer, zookeeper] = readFileSync(join(dir, OWNER_FILE), 'utf8').trim().split(/\s+/).map(Number);
    return [explorer, zookeeper];
  } catch {
    return [undefined, undefined];
  }
}

function ownedBy(dir: string): number | undefined {
  return ownerLine(dir)[0];
}

/** A process's command line (Linux), or nothing where it cannot be read. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a standalone server serves: `ruok`, or `srvr` where the whitelist allows only that (its default since 3.5.3). */
async function serves(port: number, tls: ZkTls | null): Promise<boolean> {
  // Over TLS the server's certificate is not checked here: a test may give it an expired one on purpose.
  const ruok = await fourLetterWord('127.0.0.1', port, 'ruok', 1000, tls, false);
  if (ruok === 'imok') return true;
  return /Mode: standalone/.test(await fourLetterWord('127.0.0.1', port, 'srvr', 1000, tls, false));
}

export interface ZooKeeperEnsemble {
  /** Every member, as a client would list them. */
  connectString: string;
  members: EmbeddedZooKeeper[];
  stop(): Promise<void>;
}

/**
 * Starts a real ensemble of `size` members on loopback ports (for tests), and resolves once
 * every member serves as leader or follower.
 */
export async function startEnsemble(size = 3, extraConfig: Record<string, string | number> = {}, startTimeoutMs = 60_000): Promise<ZooKeeperEnsemble> {
  const launcher = requireZooKeeper();
  const root = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-ensemble-'));
  // A client port and two quorum ports per member, all different.
  const chosen = new Set<number>();
  while (chosen.size < size * 3) chosen.add(await freePort());
  const ports = [...chosen];
  const servers = Object.fromEntries(
    Array.from({ length: size }, (_, i) => [`server.${i + 1}`, `127.0.0.1:${ports[size + 2 * i]}:${ports[size + 2 * i + 1]}`]),
  );
  const serving = async (port: number): Promise<boolean> => /Mode: (leader|follower)/.test(await fourLetterWord('127.0.0.1', port, 'srvr', 1000));
  const members = await Promise.all(
    Array.from({ length: size }, async (_, i) => {
      const dir = join(root, `member-${i + 1}`);
      const dataDir = join(dir, 'data');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, 'myid'), `${i + 1}\n`);
      const port = ports[i]!;
      const config = { ...baseConfig(dataDir, port), initLimit: 10, syncLimit: 5, ...servers, ...extraConfig };
      return launch(launcher, dir, port, config, { mainClass: QUORUM_MAIN_CLASS, temporary: false, startTimeoutMs, ready: serving });
    }),
  );
  return {
    connectString: members.map((member) => member.connectString).join(','),
    members,
    async stop() {
      await Promise.all(members.map((member) => member.stop()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
