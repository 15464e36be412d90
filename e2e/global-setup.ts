/**
 * One explorer for all e2e tests, started the way a user starts it: the production build with
 * an embedded ZooKeeper. Its URL and ZooKeeper's connection string reach the test workers
 * through the environment.
 */
import { spawnExplorer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Breaking locks is on here, so that its confirmation can be tested; it is off by default.
  const explorer = await spawnExplorer(['--allow-break-locks', '1']);
  const health = (await (await fetch(`${explorer.url}/api/health`)).json()) as { zookeeper: { connectString: string } };
  process.env.EXPLORER_URL = explorer.url;
  process.env.EXPLORER_ZK_CONNECT = health.zookeeper.connectString;
  return async () => {
    await explorer.stop();
  };
}
