/**
 * A lock ZooKeeper will not let the explorer read (its ACL answers NoAuth): listed from the
 * ephemeral nodes ZooKeeper's `dump` names under it, with who holds and the `no-auth` anomaly,
 * kept by each listing; where no member lists them, the scan says what it could not list.
 */
import type zookeeper from 'node-zookeeper-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticsSchema, LockListSchema, UnreadableLockSchema, type LockList } from '../lib/protocol';
import { createAsDigestUser, createDigestProtected, digestUserClient } from './testing/acl';
import { connectClient, eventually, followLockList, openSession, startExplorer, uniqueRoot, zkConnect, type RunningExplorer } from './testing/harness';

const CREDENTIALS = 'vault:unseal';
const root = uniqueRoot('noauth');
const lock = `${root}/vault/lock`;
const clients: zookeeper.Client[] = [];

async function list(url: string): Promise<LockList> {
  return LockListSchema.parse(await (await fetch(`${url}/api/locks`)).json());
}

/** Drops a client's connection as a network fault would: node-zookeeper-client connects again at once, to the same session. */
function cutConnection(client: zookeeper.Client): void {
  (client as unknown as { connectionManager: { socket: { destroy(): void } } }).connectionManager.socket.destroy();
}

const sessionOf = (client: zookeeper.Client): string => `0x${client.getSessionId().toString('hex').replace(/^0+/, '')}`;

beforeAll(async () => {
  const admin = await openSession();
  await admin.mkdirp(`${root}/vault`);
  await admin.mkdirp(`${root}/open/lock`);
  admin.close();
  await createDigestProtected(zkConnect(), lock, CREDENTIALS);
  for (let i = 0; i < 2; i += 1) {
    const client = await digestUserClient(zkConnect(), CREDENTIALS);
    clients.push(client);
    await createAsDigestUser(client, `${lock}/lock-`, CREDENTIALS);
  }
});

afterAll(() => {
  for (const client of clients) client.close();
});

describe('a lock ZooKeeper will not let the explorer read', () => {
  let running: RunningExplorer;
  beforeAll(async () => {
    running = await startExplorer({ roots: [root] });
  });
  afterAll(async () => {
    await running.close();
  });

  it('is listed from its ephemeral nodes: the first holds, the other waits, and it is flagged as not readable', async () => {
    const found = await eventually(async () => {
      const current = await list(running.url);
      return current.locks.some((entry) => entry.path === lock) ? current : undefined;
    });
    expect(found.complete).toBe(true);
    expect(found.locks.find((entry) => entry.path === lock)).toMatchObject({
      holders: ['lock-0000000000'],
      holderSessions: [sessionOf(clients[0]!)],
      queueLength: 1,
      anomalies: 1,
      anomalyKinds: ['no-auth'],
      recipe: { id: 'sequential-lock' },
    });
    const diagnostics = DiagnosticsSchema.parse(await (await fetch(`${running.url}/api/diagnostics`)).json());
    expect(diagnostics.anomalies.filter((anomaly) => anomaly.path === lock)).toEqual([{ path: lock, kind: 'no-auth', node: null, params: { contenders: 2 } }]);
    // Its own page is told the same: each node in queue order, with its owner, where that connects from, and who holds.
    const known = UnreadableLockSchema.parse(await (await fetch(`${running.url}/api/unreadable${lock}`)).json());
    expect(known.recipe.id).toBe('sequential-lock');
    expect([known.total, known.holding]).toEqual([2, 1]);
    expect(known.nodes.map(({ name, sessionId, holds }) => ({ name, sessionId, holds }))).toEqual([
      { name: 'lock-0000000000', sessionId: sessionOf(clients[0]!), holds: true },
      { name: 'lock-0000000001', sessionId: sessionOf(clients[1]!), holds: false },
    ]);
    await eventually(async () => {
      const again = UnreadableLockSchema.parse(await (await fetch(`${running.url}/api/unreadable${lock}`)).json());
      return again.nodes.every((node) => node.client !== null && /^127\.0\.0\.1:\d+$/.test(node.client)) ? true : undefined;
    });
    // A lock of tens of thousands is listed from the head of its queue, as asked; a limit out of bounds is a 400.
    const head = UnreadableLockSchema.parse(await (await fetch(`${running.url}/api/unreadable${lock}?limit=1`)).json());
    expect([head.total, head.nodes.map((node) => node.name)]).toEqual([2, ['lock-0000000000']]);
    const refused = await fetch(`${running.url}/api/unreadable${lock}?limit=0`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain('limit');
    // Any other path is not known this way.
    const other = await fetch(`${running.url}/api/unreadable${root}/open/lock`);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: string }).error).toContain('NoAuth');
  });

  it('names its holder\'s client on the dashboard\'s socket as ZooKeeper\'s report has it, though its nodes did not change: a holder that reconnects from another port', async () => {
    const socket = await connectClient(running.url);
    try {
      const lists = await followLockList(socket);
      const clientNow = (): string | null | undefined => lists.at(-1)?.locks.find((entry) => entry.path === lock)?.holderClients[0];
      const before = await eventually(() => clientNow() ?? undefined);
      expect(before).toMatch(/^127\.0\.0\.1:\d+$/);
      // The holder's connection drops and its client connects again to the same session, from another port: its nodes stay as they
      // were, so only ZooKeeper's report tells (a list pushed only when the lock's nodes change kept the old address for ever).
      cutConnection(clients[0]!);
      const after = await eventually(() => {
        const client = clientNow();
        return client != null && client !== before ? client : undefined;
      }, 20_000);
      expect(after).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(lists.at(-1)?.locks.find((entry) => entry.path === lock)?.holderSessions).toEqual([sessionOf(clients[0]!)]);
    } finally {
      socket.close();
    }
  });

  it('follows its contenders at each listing, and leaves the list with the last of them', async () => {
    clients.shift()!.close();
    const handedOver = await eventually(async () => (await list(running.url)).locks.find((entry) => entry.path === lock && entry.queueLength === 0));
    expect(handedOver).toMatchObject({ holders: ['lock-0000000001'], holderSessions: [sessionOf(clients[0]!)] });
    clients.shift()!.close();
    await eventually(async () => ((await list(running.url)).locks.some((entry) => entry.path === lock) ? undefined : true));
  });
});

describe('where no member lists the ephemeral nodes', () => {
  it('the scan says which node it could not list, and that the locks below it are not listed', async () => {
    const running = await startExplorer({ roots: [root] }, undefined, { introspectionIntervalMs: 0 });
    try {
      await running.explorer.discovery.idle();
      const found = await list(running.url);
      expect(found.partial).toBe(true);
      expect(found.partialReason).toContain(`ZooKeeper would not let the explorer list ${lock} (NoAuth)`);
      expect(found.locks.some((entry) => entry.path === lock)).toBe(false);
    } finally {
      await running.close();
    }
  });
});
