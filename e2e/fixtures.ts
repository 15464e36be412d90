/** Test fixtures: the explorer's URL and ZooKeeper sessions of independent "client processes". */
import { randomUUID } from 'node:crypto';
import { test as base } from '@playwright/test';
import { ZkSession } from '../server/zk/session';

export interface Contenders {
  /** A new session of its own, closed after the test. */
  session(): Promise<ZkSession>;
  /** A fresh lock path for this test. */
  lockPath(label: string): string;
}

export const test = base.extend<{ explorerUrl: string; zk: Contenders }>({
  explorerUrl: async ({}, use) => {
    const url = process.env.EXPLORER_URL;
    if (!url) throw new Error('EXPLORER_URL is not set: the global set-up did not run');
    await use(url);
  },
  zk: async ({}, use) => {
    const connectString = process.env.EXPLORER_ZK_CONNECT;
    if (!connectString) throw new Error('EXPLORER_ZK_CONNECT is not set: the global set-up did not run');
    const sessions: ZkSession[] = [];
    await use({
      async session() {
        const session = new ZkSession({ connectString, sessionTimeoutMs: 6000 });
        await session.start(10_000);
        sessions.push(session);
        return session;
      },
      lockPath(label) {
        return `/e2e-${label}-${randomUUID().slice(0, 8)}/lock`;
      },
    });
    for (const session of sessions) session.close();
  },
});

export { expect } from '@playwright/test';
