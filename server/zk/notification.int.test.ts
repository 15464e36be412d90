/**
 * What ZooKeeper 3.9 changed in a watch notification: its reply header carries the zxid of the
 * change that fired it (ZOOKEEPER-4655), where 3.8 sends -1; the WatcherEvent after it is the same.
 * The explorer's reader of notifications (`readWatcherEvent`) and its own session read both alike.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, uniqueRoot, zkConnect, ZOOKEEPER_VERSIONS } from '../testing/harness';
import type { ZooKeeperVersion } from './embedded';
import { ZkSession } from './session';
import { EventType, Framer, OpCode, readReplyHeader, readWatcherEvent, Xid } from './wire/jute';

/** A client of ZooKeeper's wire without any library between: every packet it is sent, headers included. */
async function bareClient(connectString: string): Promise<{ packets: Buffer[]; existsWatch(xid: number, path: string): Promise<void>; close(): void }> {
  const [host, port] = connectString.split(':') as [string, string];
  const socket = connect(Number(port), host);
  const framer = new Framer();
  const packets: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => packets.push(...framer.push(chunk)));
  // ConnectRequest: protocol version 0, last zxid 0, a 4 s timeout, session 0, a password of 16 zeros, not read-only.
  const handshake = Buffer.alloc(49);
  handshake.writeInt32BE(45, 0);
  handshake.writeInt32BE(4000, 16);
  handshake.writeInt32BE(16, 28);
  socket.write(handshake);
  await eventually(() => packets.length > 0 || undefined);
  packets.length = 0;
  return {
    packets,
    async existsWatch(xid, path) {
      const name = Buffer.from(path);
      const request = Buffer.alloc(17 + name.length);
      request.writeInt32BE(request.length - 4, 0);
      request.writeInt32BE(xid, 4);
      request.writeInt32BE(OpCode.exists, 8);
      request.writeInt32BE(name.length, 12);
      name.copy(request, 16);
      request.writeUInt8(1, 16 + name.length);
      socket.write(request);
      await eventually(() => packets.some((packet) => readReplyHeader(packet).xid === xid) || undefined);
    },
    close: () => socket.destroy(),
  };
}

/** The zxid each line's notification header says, given the zxid of the change that fired it. */
const NOTIFIED_ZXID: Record<ZooKeeperVersion, (change: bigint) => bigint> = {
  '3.8': () => -1n,
  '3.9': (change) => change,
};

describe.each(ZOOKEEPER_VERSIONS)('ZooKeeper %s: a watch notification', (version) => {
  let writer: ZkSession;
  let explorer: ZkSession;

  beforeAll(async () => {
    [writer, explorer] = [new ZkSession({ connectString: zkConnect(version), sessionTimeoutMs: 4000 }), new ZkSession({ connectString: zkConnect(version), sessionTimeoutMs: 4000 })];
    await Promise.all([writer.start(10_000), explorer.start(10_000)]);
  });

  afterAll(() => {
    writer?.close();
    explorer?.close();
  });

  it("says the change's zxid in its header on 3.9 (-1 on 3.8); its event reads the same, by the explorer's reader and its session", async () => {
    const parent = uniqueRoot('notified');
    const node = `${parent}/lock-0000000000`;
    await writer.mkdirp(parent);
    const bare = await bareClient(zkConnect(version));
    try {
      const seen: string[] = [];
      // A waiter watches the node before it: its creation, then its deletion (the handover).
      await bare.existsWatch(1, node);
      expect(await explorer.exists(node, (event) => seen.push(`${event.type} ${event.path}`))).toBeNull();
      await writer.create(node, null, 'persistent');
      const created = BigInt((await writer.exists(node))!.czxid);
      await bare.existsWatch(2, node);
      expect(await explorer.exists(node, (event) => seen.push(`${event.type} ${event.path}`))).not.toBeNull();
      await writer.remove(node);
      const deleted = BigInt((await writer.getChildren(parent)).stat.pzxid);

      const notifications = await eventually(() => {
        const found = bare.packets.filter((packet) => readReplyHeader(packet).xid === Xid.notification);
        return found.length === 2 ? found : undefined;
      });
      expect(notifications.map((packet) => [BigInt.asIntN(64, readReplyHeader(packet).zxid.readBigUInt64BE(0)), readWatcherEvent(packet)])).toEqual([
        [NOTIFIED_ZXID[version](created), { type: EventType.nodeCreated, state: 3, path: node }],
        [NOTIFIED_ZXID[version](deleted), { type: EventType.nodeDeleted, state: 3, path: node }],
      ]);
      await eventually(() => seen.length === 2 || undefined);
      expect(seen).toEqual([`NODE_CREATED ${node}`, `NODE_DELETED ${node}`]);
    } finally {
      bare.close();
    }
  });
});
