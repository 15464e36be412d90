import { describe, expect, it } from 'vitest';
import { adler32 } from './jute';
import { readTxnLog, tapeTxns, txnFrames, txnTape, type Txn, type TxnStop } from './txn-log';

/** Jute as ZooKeeper writes it: big-endian integers, a buffer or string as its length then its bytes. */
class Writer {
  private readonly bytes: number[] = [];
  int(value: number): this {
    this.bytes.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
    return this;
  }
  long(value: number): this {
    return this.int(Math.floor(value / 2 ** 32)).int(value >>> 0);
  }
  byte(value: number): this {
    this.bytes.push(value);
    return this;
  }
  bool(value: boolean): this {
    return this.byte(value ? 1 : 0);
  }
  buffer(value: Uint8Array | string | null): this {
    if (value === null) return this.int(-1);
    const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
    this.int(bytes.length);
    this.bytes.push(...bytes);
    return this;
  }
  record(inner: Writer): this {
    return this.buffer(inner.done());
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

const T0 = 1_700_000_000_000;
const header = (session: number, zxid: number, type: number): Writer => new Writer().long(session).int(zxid * 10).long(zxid).long(T0 + zxid).int(type);
const noAcl = (writer: Writer): Writer => writer.int(0);
const worldAcl = (writer: Writer): Writer => writer.int(1).int(31).buffer('world').buffer('anyone');

/** A log of these entries, each with its checksum, length and `B`. */
function log(entries: Writer[]): Uint8Array {
  const file = new Writer().int(0x5a4b4c47).int(2).long(0);
  for (const entry of entries) {
    const bytes = entry.done();
    file.long(adler32(bytes)).buffer(bytes).byte(0x42);
  }
  return file.done();
}

const entries = [
  header(1, 1, -10).int(4000),
  noAcl(header(1, 2, 19).buffer('/c').buffer('x')).int(1),
  worldAcl(header(1, 3, 21).buffer('/t').buffer(null)).int(2).long(60_000),
  // A multi whose second operation failed: nothing of it applies.
  header(1, 4, 14)
    .int(2)
    .int(1)
    .record(noAcl(new Writer().buffer('/c/a').buffer('')).bool(true).int(3))
    .int(-1)
    .record(new Writer().int(-101)),
  header(1, 5, -11).int(2).buffer('/c/a').buffer(''),
  // A close whose list of paths ends short: said as not known.
  header(2, 6, -11).int(2).buffer('/c/b'),
  header(1, 7, 99),
];

describe("a transaction log's entries decoded into numbers on one thread, made objects of on another", () => {
  const bytes = log(entries);
  const read = readTxnLog(bytes);

  it('reads every kind of operation: a container, a TTL node, a failed multi, the paths a close names', () => {
    const ops = read.txns.map((txn) => [txn.type, txn.failed, txn.ops]);
    expect(ops).toEqual([
      ['createSession', false, [{ type: 'createSession', timeoutMs: 4000 }]],
      ['createContainer', false, [{ type: 'createContainer', path: '/c', data: new TextEncoder().encode('x'), ephemeral: false, parentCVersion: 1, ttl: null }]],
      ['createTTL', false, [{ type: 'createTTL', path: '/t', data: null, ephemeral: false, parentCVersion: 2, ttl: 60_000 }]],
      [
        'multi',
        true,
        [
          { type: 'create', path: '/c/a', data: new Uint8Array(0), ephemeral: true, parentCVersion: 3, ttl: null },
          { type: 'error', code: -101 },
        ],
      ],
      ['closeSession', false, [{ type: 'closeSession', paths: ['/c/a'] }]],
      ['closeSession', false, [{ type: 'closeSession', paths: null }]],
    ]);
    expect(read.txns.map(({ session, cxid, zxid, time }) => [session, cxid, zxid, time])).toEqual([1, 2, 3, 4, 5, 6].map((zxid) => [zxid === 6 ? '0x2' : '0x1', zxid * 10, zxid, T0 + zxid]));
  });

  it('stops at a type it does not know, keeping every transaction before it', () => {
    expect(read.stopped).toMatchObject({ reason: 'unknown transaction type 99' });
    expect(read.stopped!.offset).toBeGreaterThan(read.txns.at(-1)!.offset);
  });

  it('makes the same objects of a tape that crossed to another thread (a copy of it, as postMessage makes)', () => {
    const tape = txnTape(bytes, txnFrames(bytes), 1000);
    const crossed = structuredClone({ bytes, tape });
    const made = tapeTxns(crossed.bytes, crossed.tape);
    const stop = made.at(-1) as TxnStop;
    expect(made.slice(0, -1)).toEqual(read.txns.map((txn: Txn) => ({ ...txn, offset: txn.offset + 1000 })));
    expect(stop).toEqual({ ...read.stopped, offset: read.stopped!.offset + 1000, partial: false });
  });
});
