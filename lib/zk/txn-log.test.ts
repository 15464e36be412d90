import { describe, expect, it } from 'vitest';
import { adler32 } from './jute';
import { parentPath } from './path';
import { readTxnLog, tapeTxns, txnFrames, txnTape, type PathNumbers, type Txn, type TxnOp, type TxnStop } from './txn-log';

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
      ['createContainer', false, [{ type: 'createContainer', path: '/c', data: new TextEncoder().encode('x'), ephemeral: false, parentCVersion: 1, ttl: null, nameAt: expect.any(Number), nameLength: 1 }]],
      ['createTTL', false, [{ type: 'createTTL', path: '/t', data: null, ephemeral: false, parentCVersion: 2, ttl: 60_000, nameAt: expect.any(Number), nameLength: 1 }]],
      [
        'multi',
        true,
        [
          { type: 'create', path: '/c/a', data: new Uint8Array(0), ephemeral: true, parentCVersion: 3, ttl: null, nameAt: expect.any(Number), nameLength: 1 },
          { type: 'error', code: -101 },
        ],
      ],
      ['closeSession', false, [{ type: 'closeSession', paths: ['/c/a'] }]],
      ['closeSession', false, [{ type: 'closeSession', paths: null }]],
    ]);
    expect(read.txns.map(({ session, cxid, zxid, time }) => [session, cxid, zxid, time])).toEqual([1, 2, 3, 4, 5, 6].map((zxid) => [zxid === 6 ? '0x2' : '0x1', zxid * 10, zxid, T0 + zxid]));
  });

  it("says where each create's name is in the bytes it was read from", () => {
    const creates = read.txns.flatMap((txn) => txn.ops.map((op) => ({ txn, op }))).filter(({ op }) => op.type.startsWith('create') && 'path' in op);
    expect(creates).toHaveLength(3);
    for (const { txn, op } of creates) {
      if (!('nameAt' in op) || op.nameAt === undefined || op.nameLength === undefined) throw new Error(`no name's place in ${JSON.stringify(op)}`);
      expect(new TextDecoder().decode(txn.bytes!.subarray(op.nameAt, op.nameAt + op.nameLength))).toBe(op.path.slice(op.path.lastIndexOf('/') + 1));
    }
  });

  it("finds a create's name after its last `/` wherever that falls among the bytes read four at a time", () => {
    const paths: string[] = [];
    // Parents of 1 to 9 bytes and names of 0 to 17 (some of two-byte characters): the `/` at every place among four.
    for (let parent = 1; parent <= 9; parent += 1) for (let name = 0; name <= 11; name += 1) paths.push(`/${'p'.repeat(parent)}/${'ü'.repeat(name % 4)}${'n'.repeat(name)}`);
    paths.push('/', '/x', '/longer-than-a-word', '/a/b/c/d/e/f');
    const made = readTxnLog(log(paths.map((path, i) => noAcl(header(1, i + 1, 1).buffer(path).buffer(null)).bool(false).int(-1)))).txns;
    expect(made).toHaveLength(paths.length);
    const names = made.map((txn) => {
      const op = txn.ops[0] as { nameAt: number; nameLength: number };
      return new TextDecoder().decode(txn.bytes!.subarray(op.nameAt, op.nameAt + op.nameLength));
    });
    expect(names).toEqual(paths.map((path) => path.slice(path.lastIndexOf('/') + 1)));
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

/** A numbering as plain as can be (the reading thread's is a table of its own, server/replay/path-numbering.ts): a number a path, freed when its node is deleted. */
class MapNumbering implements PathNumbers {
  private readonly numbers = new Map<string, number>();
  private readonly free: number[] = [];
  private next = 0;
  code(bytes: Uint8Array, at: number, length: number, deleted: boolean): number {
    const key = Array.from(bytes.subarray(at, at + length), (byte) => String.fromCharCode(byte)).join('');
    let number = this.numbers.get(key);
    const fresh = number === undefined ? 1 : 0;
    number ??= this.free.pop() ?? this.next++;
    if (deleted) {
      this.numbers.delete(key);
      this.free.push(number);
    } else this.numbers.set(key, number);
    return number * 2 + fresh;
  }
  reset(): void {
    this.numbers.clear();
    this.free.length = 0;
    this.next = 0;
  }
}

describe('paths numbered by the thread that decodes them, their strings made once by the one that applies them', () => {
  const create = (zxid: number, path: string): Writer => noAcl(header(1, zxid, 1).buffer(path).buffer('d')).bool(true).int(1);
  const remove = (zxid: number, path: string): Writer => header(1, zxid, 2).buffer(path);
  const paths = ['/a', '/a/lock-1', '/a/lock-1', '/a/lock-1', '/a/lock-1', '/é', '/é/ü-2', '/a', '/é/ü-2'];
  const bytes = log([create(1, '/a'), create(2, '/a/lock-1'), remove(3, '/a/lock-1'), create(4, '/a/lock-1'), header(1, 5, 5).buffer('/a/lock-1').buffer('e').int(1), create(6, '/é'), create(7, '/é/ü-2'), header(1, 8, 13).buffer('/a').int(0), remove(9, '/é/ü-2')]);
  const plain = readTxnLog(bytes).txns;
  const pathOf = (op: TxnOp): string => ('path' in op ? op.path : '');

  it('makes the same transactions, across tapes, each path one string where its number was seen before', () => {
    const numbers = new MapNumbering();
    const frames = txnFrames(bytes);
    const strings: string[] = [];
    // Two tapes of one numbering: the entries cut in two.
    const half = Math.floor(frames.count / 2);
    const cut = (from: number, to: number) => ({ rows: frames.rows.subarray(from * 3, to * 3), count: to - from, stop: null });
    const made = [...tapeTxns(bytes, txnTape(bytes, cut(0, half), 0, numbers), { paths: strings }), ...tapeTxns(bytes, txnTape(bytes, cut(half, frames.count), 0, numbers), { paths: strings })] as Txn[];
    const ops = made.map((txn) => txn.ops[0]!);
    expect(ops.map(pathOf)).toEqual(paths);
    // The same, but for the parents named (undefined in the plain ones, which `toEqual` passes over).
    const withoutParents = made.map((txn) => ({ ...txn, ops: txn.ops.map((op) => ('parent' in op ? { ...op, parent: undefined } : op)) }));
    expect(withoutParents).toEqual(plain);
    // A create names its parent: the string its number was made for (the parent's own create).
    expect(ops.map((op) => ('parent' in op ? op.parent : null))).toEqual(['/', '/a', null, '/a', null, '/', '/é', null, null]);
    for (const op of ops) if ('parent' in op && op.parent !== undefined) expect(op.parent).toBe(parentPath(op.path));
    // Each create's name where it says, in UTF-8 (`ü-2` is four bytes).
    const names = made.flatMap((txn) => txn.ops.flatMap((op) => ('nameAt' in op && op.nameAt !== undefined ? [new TextDecoder().decode(txn.bytes!.subarray(op.nameAt, op.nameAt + op.nameLength!))] : [])));
    expect(names).toEqual(['a', 'lock-1', 'lock-1', 'é', 'ü-2']);
    // One string a number: the number the delete freed was given again to the create after it.
    expect(strings).toEqual(['/a', '/', '/a/lock-1', '/é', '/é/ü-2']);
  });

  it('makes a path new again after an entry that could not be decoded whole (its codes given, its operations dropped)', () => {
    const numbers = new MapNumbering();
    // A create whose datum runs past its entry: its path was numbered before that was found.
    const broken = log([create(1, '/a'), header(1, 2, 1).buffer('/a/b').int(1000)]);
    const strings: string[] = [];
    const first = tapeTxns(broken, txnTape(broken, txnFrames(broken), 0, numbers), { paths: strings });
    expect(first.at(-1)).toMatchObject({ reason: expect.any(String) });
    const again = log([create(3, '/a/b')]);
    const [txn] = tapeTxns(again, txnTape(again, txnFrames(again), 0, numbers), { paths: strings }) as Txn[];
    expect([pathOf(txn!.ops[0]!), (txn!.ops[0] as { parent?: string }).parent]).toEqual(['/a/b', '/a']);
  });
});

describe('sessions told apart by their ids', () => {
  it('names each transaction its own session, among more sessions than are told by their bytes alone', () => {
    // 300 sessions taking turns, their ids alike but for a byte or two; the last one's low half the first one's.
    const ids = Array.from({ length: 300 }, (_, i) => (i === 299 ? 0x2000a2b3c0000 : 0x1000a2b3c0000 + i * 257));
    const entries = Array.from({ length: 900 }, (_, k) => header(ids[(k * 7) % ids.length]!, k + 1, -10).int(4000));
    const made = readTxnLog(log(entries)).txns;
    expect(made.map((txn) => txn.session)).toEqual(entries.map((_, k) => `0x${ids[(k * 7) % ids.length]!.toString(16)}`));
  });
});
