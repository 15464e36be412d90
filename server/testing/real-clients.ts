/**
 * Real lock clients for integration tests: Curator and ZooKeeper's WriteLock recipe (Java, from
 * Debian's packages) and Kazoo (Python), each contender with its own session.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseWchc } from '../../lib/zk/four-letter';
import { fourLetterWord } from '../zk/four-letter';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const JAVA_SOURCES = join(root, 'test-clients', 'java');
const JAVA_OUT = join(root, '.tmp', 'java-clients');
const PYTHON_SCRIPT = join(root, 'test-clients', 'python', 'contenders.py');
const CLASSPATH = ['/usr/share/java/curator-recipes.jar', '/usr/share/java/zookeeper-recipes-lock.jar'];
// Debian's python3 has python3-kazoo; another python3 earlier on the PATH may not.
export const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** Compiles the Java clients (test-clients/java) when a class is missing or the sources are not those it was compiled from. */
export function compileJavaClients(): void {
  const sources = readdirSync(JAVA_SOURCES)
    .filter((name) => name.endsWith('.java'))
    .sort();
  // The sources' content, not their dates: another checkout sharing .tmp may have compiled its own sources later.
  const digest = createHash('sha256');
  for (const name of sources) digest.update(name).update(readFileSync(join(JAVA_SOURCES, name)));
  const hash = digest.digest('hex');
  const stamp = join(JAVA_OUT, 'sources.sha256');
  const built = sources.every((name) => existsSync(join(JAVA_OUT, name.replace(/\.java$/, '.class'))));
  if (built && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  mkdirSync(JAVA_OUT, { recursive: true });
  const result = spawnSync('javac', ['-d', JAVA_OUT, '-cp', CLASSPATH.join(':'), ...sources.map((name) => join(JAVA_SOURCES, name))], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`javac failed: ${result.stderr}`);
  writeFileSync(stamp, hash);
}

/** `java` with the compiled clients, Curator and ZooKeeper's recipes on the class path, running `className`. */
export function javaArgs(className: string, args: readonly string[]): string[] {
  return ['-cp', [JAVA_OUT, ...CLASSPATH, '/usr/share/java/slf4j-nop.jar'].join(':'), className, ...args];
}

export type RealRecipe =
  | 'curator-mutex'
  | 'curator-mutex-revocable'
  | 'curator-rw'
  | `curator-semaphore:${number}`
  | 'curator-latch'
  | 'zk-writelock'
  | 'kazoo-lock'
  | 'kazoo-rw'
  | `kazoo-semaphore:${number}`
  /** A hand-written Kazoo lock with the herd effect (`lock-N`, every waiter watching the children). */
  | 'kazoo-herd'
  /** One ephemeral node with the data given as the spec (a one-node election's, Kafka's controller): `release 0` deletes it. */
  | 'kazoo-node';

interface ClientEvent {
  event: 'session' | 'acquired' | 'released' | 'ready' | 'error';
  contender?: number;
  session?: string;
  message?: string;
}

/** A process running N real contenders of one recipe. */
export class RealContenders {
  readonly sessions = new Map<number, string>();
  readonly holding = new Set<number>();
  readonly errors: string[] = [];
  private ready = false;
  private readonly listeners = new Set<() => void>();

  private constructor(private readonly child: ChildProcess) {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      let event: ClientEvent;
      try {
        event = JSON.parse(line) as ClientEvent;
      } catch {
        return;
      }
      if (event.event === 'session' && event.contender !== undefined && event.session) {
        this.sessions.set(event.contender, `0x${BigInt(event.session).toString(16)}`);
      }
      if (event.event === 'acquired' && event.contender !== undefined) this.holding.add(event.contender);
      if (event.event === 'released' && event.contender !== undefined) this.holding.delete(event.contender);
      if (event.event === 'ready') this.ready = true;
      if (event.event === 'error') this.errors.push(event.message ?? 'error');
      for (const listener of this.listeners) listener();
    });
    // What the client said on stderr, for the error when it ends before it is ready (a wrong argument, a login refused).
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
    child.once('exit', (code, signal) => {
      if (this.ready) return;
      this.errors.push(`the contenders' process ended before they joined (${signal ?? `exit ${code}`}): ${said.trim().split('\n').slice(0, 3).join(' | ')}`);
      for (const listener of this.listeners) listener();
    });
  }

  /**
   * Starts the contenders and resolves once all of them have joined the queue. `security`: for
   * Kazoo the explorer's own settings, ZK_TLS_CA, ZK_TLS_CERT, ZK_TLS_KEY (PEM files), ZK_SASL;
   * for the Java clients JVM_OPTIONS (a JAAS file whose Client section logs in, krb5.conf).
   */
  static async start(connect: string, lockPath: string, recipe: RealRecipe, spec: string, security: Record<string, string> = {}): Promise<RealContenders> {
    let child: ChildProcess;
    if (recipe.startsWith('kazoo')) {
      child = spawn(PYTHON, [PYTHON_SCRIPT, connect, lockPath, recipe === 'kazoo-node' ? 'node' : recipe, spec], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...security } });
    } else {
      const { JVM_OPTIONS: jvm, ...rest } = security;
      if (Object.keys(rest).length > 0) throw new Error('the Java contenders speak plain TCP, or SASL as their JVM_OPTIONS configure it (a JAAS Client section)');
      compileJavaClients();
      child = spawn('java', [...(jvm?.split(' ').filter(Boolean) ?? []), ...javaArgs('Contenders', [connect, lockPath, recipe, spec])], { stdio: ['pipe', 'pipe', 'pipe'] });
    }
    const contenders = new RealContenders(child);
    await contenders.until(() => contenders.ready, 30_000, 'the contenders to join');
    return contenders;
  }

  /** Sessions of the contenders that report holding the lock. */
  holderSessions(): string[] {
    return [...this.holding].map((index) => this.sessions.get(index) ?? `contender ${index}`);
  }

  contenderOf(session: string): number | undefined {
    for (const [index, id] of this.sessions) if (id === session) return index;
    return undefined;
  }

  release(index: number): void {
    this.child.stdin?.write(`release ${index}\n`);
  }

  until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return untilEvent(this.listeners, () => {
      if (this.errors.length > 0) throw new Error(`contender error: ${this.errors.join('; ')}`);
      return condition();
    }, timeoutMs, what);
  }

  stop(): Promise<void> {
    return stopClient(this.child);
  }

  /** Kills the process as a crash would (SIGKILL): its sessions stay until ZooKeeper expires them. */
  async crash(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}

/** Resolves once `check` holds, checked now and on every event; rejects when it throws or after `timeoutMs`. */
function untilEvent(listeners: Set<() => void>, check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = (): void => {
      try {
        if (!check()) return;
        cleanup();
        resolve();
      } catch (error) {
        cleanup();
        reject(error);
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      listeners.delete(run);
    };
    listeners.add(run);
    run();
  });
}

/** Asks a client process to quit (it closes its sessions), and kills it after `graceMs`. */
async function stopClient(child: ChildProcess, graceMs = 5000): Promise<void> {
  // A process killed by a signal (a crash) has no exit code, and has already sent its 'exit'.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin?.end('quit\n');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** ZooKeeper's own account of data watches, by session (`wchc` on the given server). */
export async function watchesBySession(connect: string): Promise<Record<string, string[]>> {
  const [host, port] = connect.split(',')[0]!.split(':') as [string, string];
  return Object.fromEntries(parseWchc(await fourLetterWord(host, Number(port), 'wchc')));
}

/** A Curator application thread that takes `first` and then, on `go()`, asks for `second` (test-clients/java/Deadlock.java). */
export class TwoLockClient {
  session = '';
  private readonly seen: Array<Record<string, string>> = [];
  private readonly listeners = new Set<() => void>();

  private constructor(private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const event = JSON.parse(line) as Record<string, string>;
        if (event.event === 'session' && event.session) this.session = `0x${BigInt(event.session).toString(16)}`;
        this.seen.push(event);
      } catch {
        return;
      }
      for (const listener of this.listeners) listener();
    });
    child.stderr?.resume();
  }

  /** Starts the client and resolves once it holds `first`. */
  static async start(connect: string, first: string, second: string): Promise<TwoLockClient> {
    compileJavaClients();
    const client = new TwoLockClient(spawn('java', javaArgs('Deadlock', [connect, first, second]), { stdio: ['pipe', 'pipe', 'pipe'] }));
    await client.until((event) => event.event === 'acquired' && event.lock === first, 30_000);
    return client;
  }

  /** Asks for the second lock; resolves once the request went out. */
  async go(): Promise<void> {
    this.child.stdin?.write('go\n');
    await this.until((event) => event.event === 'asking', 10_000);
  }

  private until(match: (event: Record<string, string>) => boolean, timeoutMs: number): Promise<void> {
    return untilEvent(this.listeners, () => this.seen.some(match), timeoutMs, 'the Curator client');
  }

  stop(): Promise<void> {
    return stopClient(this.child);
  }
}

/** What a looping contender says (test-clients' looping mode): `us` is the monotonic clock (µs) of a hold's start or a release's. */
export interface LoopEvent {
  event: 'session' | 'ready' | 'held' | 'released' | 'crashed' | 'crash-missed' | 'error';
  lock?: number;
  node?: string;
  session?: string;
  us?: number;
  message?: string;
}

/** The looping contenders' clients: Curator InterProcessMutex in one JVM, Kazoo Lock in one Python process. */
export type LoopingClient = 'curator' | 'kazoo';

/** How many locks, contenders on each, how long each holds (ms, a random time between the two) and their session timeout. */
export interface LoopShape {
  locks: number;
  /** Contenders on each lock: lock i has the fewest plus i modulo the range's width. */
  perLock: readonly [number, number];
  holdMs: readonly [number, number];
  sessionTimeoutMs: number;
}

/**
 * One process of real contenders that take, hold and give back `locks` locks below `root`
 * (`<root>/lock-<i>`) for ever, each with its own session: every event goes to the listeners.
 */
export class LoopingContenders {
  private readonly listeners = new Set<(event: LoopEvent) => void>();
  readonly errors: string[] = [];
  /** The end of what the process said on stderr, for an error. */
  private said = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly client: LoopingClient,
    readonly root: string,
    readonly shape: LoopShape,
  ) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let event: LoopEvent;
      try {
        event = JSON.parse(line) as LoopEvent;
      } catch {
        return;
      }
      if (event.event === 'error') this.errors.push(event.message ?? 'error');
      for (const listener of this.listeners) listener(event);
    });
    child.stderr?.on('data', (chunk: Buffer) => (this.said = (this.said + chunk.toString()).slice(-2000)));
  }

  /** Starts the process and resolves once every contender has its session. */
  static async start(client: LoopingClient, connect: string, root: string, shape: LoopShape): Promise<LoopingContenders> {
    const spec = [shape.locks, shape.perLock.join('-'), shape.holdMs[0], shape.holdMs[1], shape.sessionTimeoutMs].join(':');
    let child: ChildProcess;
    if (client === 'kazoo') {
      child = spawn(PYTHON, [PYTHON_SCRIPT, connect, root, 'loop', spec], { stdio: ['pipe', 'pipe', 'pipe'] });
    } else {
      compileJavaClients();
      child = spawn('java', javaArgs('Contenders', [connect, root, 'loop', spec]), { stdio: ['pipe', 'pipe', 'pipe'] });
    }
    const contenders = new LoopingContenders(child, client, root, shape);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the ${client} contenders did not all connect within 90 s`));
      }, 90_000);
      const exited = (code: number | null): void => reject(new Error(`the ${client} contenders exited with ${code} before they were ready: ${contenders.said.trim().split('\n').slice(0, 3).join(' | ')}`));
      child.once('exit', exited);
      contenders.on((event) => {
        if (event.event !== 'ready') return;
        clearTimeout(timer);
        child.off('exit', exited);
        resolve();
      });
    });
    return contenders;
  }

  /** The path of lock `index`. */
  lockPath(index: number): string {
    return `${this.root}/lock-${index}`;
  }

  on(listener: (event: LoopEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the holder of lock `index` to crash (answered `crashed`, or `crash-missed`). */
  crash(index: number): void {
    this.child.stdin?.write(`crash ${index}\n`);
  }

  /** The process's id, for its CPU time. */
  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Closes every session (a hundred or more: in parallel in the JVM, one after another in Python). */
  stop(): Promise<void> {
    return stopClient(this.child, 20_000);
  }
}
