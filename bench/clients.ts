/**
 * The lock client itself: handovers per second with 20 contenders, each with its own session,
 * taking and giving back one lock as fast as they can, for the project's chained lock client
 * against Curator's InterProcessMutex and Kazoo's Lock, one after another on the same ZooKeeper.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { strategyFor, type LockClient } from '../server/sim/strategies';
import { compileJavaClients, javaArgs, PYTHON } from '../server/testing/real-clients';
import { ZkError, ZkSession, type Watcher } from '../server/zk/session';
import type { Figure } from './figures';

const SECTION = '5. The lock client: handovers per second, 20 contenders on one lock';

interface Rate {
  acquisitions: number;
  seconds: number;
  /** The share of one CPU core the contenders' process used in the window (ours only). */
  cpu?: number;
}

/** The project's lock client straight on a session (the simulator adds a fault proxy, and counters, around the same recipe). */
function directClient(session: ZkSession, path: string): LockClient {
  let unseen = 0;
  let wake: (() => void) | null = null;
  const watcher: Watcher = () => {
    unseen += 1;
    wake?.();
  };
  const uuid = randomUUID();
  return {
    path,
    uuid,
    hex: uuid.replace(/-/g, ''),
    sessionDecimal: () => BigInt(session.sessionId ?? '0x0').toString(),
    protected: true,
    data: Buffer.from('bench'),
    maxLeases: 1,
    getChildren: async (parent, watch) => (await session.getChildren(parent, watch ? watcher : undefined)).children,
    exists: (node, watch) => session.exists(node, watch ? watcher : undefined),
    getData: (node, watch) =>
      session.getData(node, watch ? watcher : undefined).catch((error: unknown) => {
        if (error instanceof ZkError && error.code === 'NO_NODE') return null;
        throw error;
      }),
    create: (node, data, mode) => session.create(node, data, mode),
    remove: (node) => session.remove(node),
    notified: () =>
      new Promise<void>((resolve) => {
        if (unseen > 0) {
          unseen = 0;
          resolve();
          return;
        }
        wake = () => {
          wake = null;
          unseen = 0;
          resolve();
        };
      }),
    wasted: () => undefined,
    reconnected: () => session.waitForConnection(60_000),
  };
}

async function ours(connectString: string, path: string, contenders: number, warmupMs: number, durationMs: number): Promise<Rate> {
  const sessions = await Promise.all(
    Array.from({ length: contenders }, async () => {
      const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
      await session.start();
      return session;
    }),
  );
  await sessions[0]!.mkdirp(path);
  const strategy = strategyFor('chained');
  let acquisitions = 0;
  let stopping = false;
  const loops = sessions.map(async (session) => {
    const client = directClient(session, path);
    while (!stopping) {
      const held = await strategy.acquire(client);
      acquisitions += 1;
      await strategy.release(client, held);
    }
  });
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  const before = acquisitions;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  const used = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  const rate = { acquisitions: acquisitions - before, seconds, cpu: (used.user + used.system) / 1e6 / seconds };
  stopping = true;
  await Promise.all(loops);
  for (const session of sessions) session.close();
  return rate;
}

/** Runs a rate program that prints `{"acquisitions","seconds"}` as its last line. */
function external(command: string, args: readonly string[]): Promise<Rate> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as Rate);
      } catch {
        reject(new Error(`${command} exited with ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`));
      }
    });
  });
}

export async function benchClients(connectString: string, contenders = 20, warmupMs = 2_000, durationMs = 8_000): Promise<Figure[]> {
  const common = [String(contenders), String(warmupMs), String(durationMs)];
  compileJavaClients();
  const runs: Record<'project' | 'curator' | 'kazoo', () => Promise<Rate>> = {
    project: () => ours(connectString, '/bench/clients/project', contenders, warmupMs, durationMs),
    curator: () => external('java', javaArgs('LockRate', [connectString, '/bench/clients/curator', ...common])),
    kazoo: () => external(PYTHON, ['test-clients/python/lock_rate.py', connectString, '/bench/clients/kazoo', ...common]),
  };
  // Each twice, in the order A B C C B A, so that a ZooKeeper warming up or a machine growing busy favours none.
  const rates: Record<keyof typeof runs, Rate[]> = { project: [], curator: [], kazoo: [] };
  for (const name of ['project', 'curator', 'kazoo', 'kazoo', 'curator', 'project'] as const) rates[name].push(await runs[name]());
  const pooled = (list: readonly Rate[]): Rate => ({
    acquisitions: list.reduce((sum, rate) => sum + rate.acquisitions, 0),
    seconds: list.reduce((sum, rate) => sum + rate.seconds, 0),
    cpu: list.reduce((sum, rate) => sum + (rate.cpu ?? 0) * rate.seconds, 0) / list.reduce((sum, rate) => sum + rate.seconds, 0),
  });
  const project = pooled(rates.project);
  const perSecond = (rate: Rate): number => rate.acquisitions / rate.seconds;
  const each = (list: readonly Rate[]): string => list.map((rate) => Math.round(perSecond(rate))).join(' and ');
  // The project's rate against one other client's, measured in the same runs.
  const against = (client: 'curator' | 'kazoo', name: string, label: string, how: string): Figure => ({
    section: SECTION,
    name: `project chained lock client against ${name}`,
    value: perSecond(project),
    unit: '/s',
    reference: { name: label, value: perSecond(pooled(rates[client])) },
    target: { on: 'ratio', min: 1 },
    note:
      `Each client ran twice (order: project, Curator, Kazoo, Kazoo, Curator, project), ${contenders} contenders each with its own session; ` +
      `rates pooled over both runs (project ${each(rates.project)} /s, ${label} ${each(rates[client])} /s). The project's contenders share one Node.js event loop, busy ${Math.round((project.cpu ?? 0) * 100)} % of the window; ${how}`,
  });
  return [
    against('curator', 'Curator InterProcessMutex', 'Curator', "Curator's run on JVM threads across the cores."),
    against('kazoo', 'Kazoo Lock', 'Kazoo', "Kazoo's are threads of one Python process, which runs one of them at a time (the interpreter lock)."),
  ];
}
