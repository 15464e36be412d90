/**
 * Vitest global set-up for the integration tests: one real ZooKeeper of each line the tests run
 * against (the system's 3.8, and 3.9 unpacked beside it) on free loopback ports, with a short tick
 * so that session time-outs in tests take seconds, not tens of seconds.
 */
import type { TestProject } from 'vitest/node';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper, type ZooKeeperVersion } from '../zk/embedded';
import { fourLetterWord } from '../zk/four-letter';

declare module 'vitest' {
  export interface ProvidedContext {
    zkConnect: string;
    /** The ZooKeeper 3.9 server's connection string; empty where it could not start, and `zk39Error` says why. */
    zkConnect39: string;
    zk39Error: string;
  }
}

/** How long a ZooKeeper just started may take to answer `envi`: two JVMs start at once beside the tests that start their own, on two cores. */
const VERSION_ASK_MS = 30_000;

/** The server's `envi`, asked again until it answers (one ask timed out at 3 s on a loaded machine, and every test against 3.9 failed for it). */
async function askVersion(port: number): Promise<string> {
  const deadline = Date.now() + VERSION_ASK_MS;
  for (;;) {
    try {
      return await fourLetterWord('127.0.0.1', port, 'envi');
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Starts a ZooKeeper of `version`; 3.9 must say it is one, for a test said to run against 3.9 must not run against 3.8. */
async function start(version: ZooKeeperVersion): Promise<EmbeddedZooKeeper> {
  const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { tickTime: 500, minSessionTimeout: 1000 }, version });
  // The system's may be any ZOOKEEPER_HOME.
  if (version === '3.8') return zookeeper;
  // `envi`, not `srvr`: it answers before the server is serving (the moment `ruok` says imok).
  const said = /^zookeeper\.version=([\d.]+)/m.exec(await askVersion(zookeeper.port))?.[1] ?? 'unknown';
  if (said.startsWith(`${version}.`)) return zookeeper;
  await zookeeper.stop();
  throw new Error(`the ZooKeeper started as ${version} says it is ${said}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The files that start ZooKeepers of their own, run beside the others (scripts/test.sh): none shared, so none used by mistake.
  if (process.env.INTEGRATION_SHARED_ZOOKEEPER === '0') {
    project.provide('zkConnect', '');
    project.provide('zkConnect39', '');
    project.provide('zk39Error', 'no shared ZooKeeper in this run (INTEGRATION_SHARED_ZOOKEEPER=0: its files start ZooKeepers of their own)');
    return async () => undefined;
  }
  const [main, beside] = await Promise.allSettled([start('3.8'), start('3.9')]);
  const started = [main, beside].flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (): Promise<void> => {
    await Promise.all(started.map((zookeeper: EmbeddedZooKeeper) => zookeeper.stop()));
  };
  if (main.status === 'rejected') {
    await stop();
    throw main.reason;
  }
  project.provide('zkConnect', main.value.connectString);
  // Without 3.9 every other test still runs; those against 3.9 fail with this reason (never skipped).
  project.provide('zkConnect39', beside.status === 'fulfilled' ? beside.value.connectString : '');
  project.provide('zk39Error', beside.status === 'rejected' ? String(beside.reason instanceof Error ? beside.reason.message : beside.reason) : '');
  return stop;
}
