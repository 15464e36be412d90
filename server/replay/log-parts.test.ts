import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adler32 } from '../../lib/zk/jute';
import { readTxnLog, tapeTxns, type Txn } from '../../lib/zk/txn-log';
import { decodedParts } from './log-parts';
import { PathNumbering } from './path-numbering';

/** Big-endian jute, as ZooKeeper writes it. */
const int = (value: number): Uint8Array => Uint8Array.of((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
const long = (value: number): Uint8Array => Buffer.concat([int(Math.floor(value / 2 ** 32)), int(value >>> 0)]);
const buffer = (bytes: Uint8Array): Uint8Array => Buffer.concat([int(bytes.length), bytes]);
const text = (value: string): Uint8Array => buffer(new TextEncoder().encode(value));
const node = (zxid: number): string => `/locks/lock-${zxid % 40}/_c_${String(zxid).padStart(10, '0')}-lock-${String(zxid).padStart(10, '0')}`;

/** A create of one of 40 locks' nodes, its data `size` bytes; every third entry the delete of the node made before it. */
function entry(zxid: number, size: number): Uint8Array {
  const header = Buffer.concat([long(0x1000a2b3c0000 + (zxid % 7)), int(zxid), long(zxid), long(1_700_000_000_000 + zxid)]);
  if (zxid % 3 === 0) return Buffer.concat([header, int(2), text(node(zxid - 1))]);
  return Buffer.concat([header, int(1), text(node(zxid)), buffer(new Uint8Array(size).fill(zxid & 0xff)), int(0), Uint8Array.of(1), int(-1)]);
}

/** A log of `count` entries, each with its checksum, length and `B`, then the zeros of a preallocated file. */
function logFile(count: number, size: (zxid: number) => number): Uint8Array {
  const parts: Uint8Array[] = [int(0x5a4b4c47), int(2), long(0)];
  for (let zxid = 1; zxid <= count; zxid += 1) {
    const record = entry(zxid, size(zxid));
    parts.push(long(adler32(record)), buffer(record), Uint8Array.of(0x42));
  }
  parts.push(new Uint8Array(4096));
  return new Uint8Array(Buffer.concat(parts));
}

const dir = mkdtempSync(join(tmpdir(), 'log-parts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The transactions of the file at `path` as read a part at a time (numbered when `numbers` is given). */
async function byParts(path: string, numbers: PathNumbering | null): Promise<{ txns: Txn[]; parts: number }> {
  const txns: Txn[] = [];
  const strings: string[] = [];
  let parts = 0;
  for await (const { bytes, tape } of decodedParts(path, undefined, numbers)) {
    parts += 1;
    for (const txn of tapeTxns(bytes, tape, { paths: numbers === null ? null : strings })) if (!('reason' in txn)) txns.push(txn);
  }
  return { txns, parts };
}

/** What a transaction is, as compared: its header and each operation's path and data (not where they were read from). */
// Data as base64 text: a deep comparison of 300 KB spread into arrays of numbers took seconds.
const shape = (txn: Txn) => [txn.zxid, txn.session, txn.cxid, txn.time, txn.type, txn.ops.map((op) => ['path' in op ? op.path : null, 'data' in op ? (op.data === null ? null : Buffer.from(op.data).toString('base64')) : null])];

describe("a log read a part at a time, its entries cut in two by the parts' ends", () => {
  it('reads every entry as the whole file read at once does, small entries and ones longer than a part', async () => {
    // 9,000 entries of 60 to 260 bytes over some 2 MB (eight parts and more), and every 2,000th one of 300 KB.
    const bytes = logFile(9000, (zxid) => (zxid % 2000 === 1000 ? 300_000 : 60 + (zxid % 200)));
    const path = join(dir, 'log.1');
    writeFileSync(path, bytes);
    const whole = readTxnLog(bytes);
    expect(whole.stopped).toBeNull();
    for (const numbers of [null, new PathNumbering(64)]) {
      const { txns, parts } = await byParts(path, numbers);
      expect(parts).toBeGreaterThan(8);
      expect(txns.map(shape)).toEqual(whole.txns.map(shape));
    }
  });
});
