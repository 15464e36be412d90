import { describe, expect, it } from 'vitest';
import {
  AddWatchMode,
  encodeAddWatch,
  encodeGetAllChildrenNumber,
  encodeMultiRead,
  encodeRemoveWatches,
  encodeSaslRequest,
  encodeSync,
  EventType,
  Framer,
  OpCode,
  readGetAllChildrenNumber,
  readMultiReadResults,
  readReplyHeader,
  readSaslResponse,
  readWatcherEvent,
  REPLY_BODY,
  STAT_BYTES,
  WatcherType,
} from './jute';

// Recorded from ZooKeeper 3.8's own encoder (jute's BinaryOutputArchive, as ClientCnxn frames a
// packet) by test-clients/java/WireGolden.java.
const GOLDEN = {
  multiRead: '0000003700000007000000160000000400ffffffff000000082f6c6f636b732f61000000000400ffffffff000000022f6200ffffffff01ffffffff',
  saslEmpty: '0000000c000000010000006600000000',
  saslToken: '0000001900000002000000660000000d636861727365743d7574662d38',
  sync: '000000120000000300000009000000062f6c6f636b73',
  addWatch: '00000018000000040000006a000000082f6c6f636b732f6100000001',
  removeWatches: '000000180000000500000012000000082f6c6f636b732f6100000003',
  multiReadChildren: '0000003700000008000000160000000800ffffffff000000082f6c6f636b732f61000000000800ffffffff000000022f6200ffffffff01ffffffff',
  getAllChildrenNumber: '000000120000000900000068000000062f6c6f636b73',
};

describe('requests are the bytes ZooKeeper’s own client sends', () => {
  it('a multiRead of two getData without watches', () => {
    expect(encodeMultiRead(7, ['/locks/a', '/b']).toString('hex')).toBe(GOLDEN.multiRead);
  });

  it('a multiRead of two getChildren without watches', () => {
    expect(encodeMultiRead(8, ['/locks/a', '/b'], OpCode.getChildren).toString('hex')).toBe(GOLDEN.multiReadChildren);
  });

  it('a getAllChildrenNumber', () => {
    expect(encodeGetAllChildrenNumber(9, '/locks').toString('hex')).toBe(GOLDEN.getAllChildrenNumber);
  });

  it('the empty first token of a SASL exchange, and a token', () => {
    expect(encodeSaslRequest(1, Buffer.alloc(0)).toString('hex')).toBe(GOLDEN.saslEmpty);
    expect(encodeSaslRequest(2, Buffer.from('charset=utf-8')).toString('hex')).toBe(GOLDEN.saslToken);
  });

  it('a sync', () => {
    expect(encodeSync(3, '/locks').toString('hex')).toBe(GOLDEN.sync);
  });

  it('a persistent recursive addWatch, and a removeWatches of any kind', () => {
    expect(encodeAddWatch(4, '/locks/a', AddWatchMode.persistentRecursive).toString('hex')).toBe(GOLDEN.addWatch);
    expect(encodeRemoveWatches(5, '/locks/a', WatcherType.any).toString('hex')).toBe(GOLDEN.removeWatches);
  });
});

/** A reply packet: length, ReplyHeader, body. */
function reply(xid: number, err: number, body: Buffer[]): Buffer {
  const head = Buffer.alloc(20);
  const size = 16 + body.reduce((sum, part) => sum + part.length, 0);
  head.writeInt32BE(size, 0);
  head.writeInt32BE(xid, 4);
  head.writeBigInt64BE(0x1234n, 8);
  head.writeInt32BE(err, 16);
  return Buffer.concat([head, ...body]);
}

function ints(...values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeInt32BE(value, index * 4));
  return bytes;
}

describe('replies', () => {
  it('a multiRead answers each path with its data and stat, or its own error', () => {
    const stat = Buffer.alloc(STAT_BYTES);
    stat.writeBigInt64BE(0x10n, 0);
    stat.writeInt32BE(3, 36);
    stat.writeBigInt64BE(0x1000000000000001n, 44);
    const header = (type: number, done: boolean): Buffer => Buffer.concat([ints(type), Buffer.from([done ? 1 : 0]), ints(-1)]);
    const packet = reply(9, 0, [header(OpCode.getData, false), ints(2), Buffer.from('hi'), stat, header(OpCode.error, false), ints(-101), header(-1, true)]);
    expect(readReplyHeader(packet)).toMatchObject({ xid: 9, err: 0 });
    const results = readMultiReadResults(packet);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ data: Buffer.from('hi'), stat: { czxid: '0x10', cversion: 3, ephemeralOwner: '0x1000000000000001' } });
    expect(results[1]).toEqual({ err: -101 });
  });

  it('a multiRead of getChildren answers each path with its children’s names, or its own error', () => {
    const header = (type: number, done: boolean): Buffer => Buffer.concat([ints(type), Buffer.from([done ? 1 : 0]), ints(-1)]);
    const names = ['state', 'lock-0000000001'].map((name) => Buffer.concat([ints(name.length), Buffer.from(name)]));
    const packet = reply(10, 0, [header(OpCode.getChildren, false), ints(2), ...names, header(OpCode.getChildren, false), ints(0), header(OpCode.error, false), ints(-101), header(-1, true)]);
    expect(readMultiReadResults(packet)).toEqual([{ children: ['state', 'lock-0000000001'] }, { children: [] }, { err: -101 }]);
  });

  it('a getAllChildrenNumber answers its count', () => {
    expect(readGetAllChildrenNumber(reply(11, 0, [ints(1_000_042)]))).toBe(1_000_042);
  });

  it('a notification names its event type and path', () => {
    const path = Buffer.from('/locks/a/lock-0000000001');
    expect(readWatcherEvent(reply(-1, 0, [ints(EventType.nodeDeleted, 3, path.length), path]))).toEqual({ type: EventType.nodeDeleted, state: 3, path: '/locks/a/lock-0000000001' });
  });

  it('a SASL reply carries the server’s token', () => {
    const token = Buffer.from('nonce="abc"');
    expect(readSaslResponse(reply(1, 0, [ints(token.length), token]), REPLY_BODY).toString()).toBe('nonce="abc"');
  });
});

describe('framing', () => {
  const packets = [reply(1, 0, [Buffer.alloc(3)]), reply(2, 0, []), reply(3, 0, [Buffer.alloc(5000, 7)])];
  const stream = Buffer.concat(packets);

  it('gives back each packet whole, however the stream is cut', () => {
    for (const size of [1, 2, 3, 4, 5, 7, 19, 20, 21, 100, 4096, stream.length]) {
      const framer = new Framer();
      const seen: Buffer[] = [];
      for (let at = 0; at < stream.length; at += size) seen.push(...framer.push(stream.subarray(at, at + size)));
      expect(seen.map((packet) => packet.toString('hex')), `chunks of ${size}`).toEqual(packets.map((packet) => packet.toString('hex')));
    }
  });

  it('starts empty again after a reset', () => {
    const framer = new Framer();
    expect(framer.push(stream.subarray(0, 10))).toEqual([]);
    framer.reset();
    expect(framer.push(packets[1]!)).toEqual([packets[1]]);
  });
});
