/**
 * Vitest global set-up for the integration tests: one real ZooKeeper on a free loopback port,
 * with a short tick so that session time-outs in tests take seconds, not tens of seconds.
 */
import type { TestProject } from 'vitest/node';
import { startEmbeddedZooKeeper } from '../zk/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    zkConnect: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { tickTime: 500, minSessionTimeout: 1000 } });
  project.provide('zkConnect', zookeeper.connectString);
  return () => zookeeper.stop();
}
