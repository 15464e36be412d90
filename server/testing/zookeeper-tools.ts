/**
 * ZooKeeper's own readers of its files (Debian's zookeeper.jar, or 3.9's beside it), run as an operator runs them:
 * `TxnLogToolkit` prints each transaction of a log, `SnapshotFormatter` each znode of a snapshot.
 * The reference the explorer's own reader is checked against.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { zxidHex } from '../../lib/zk/ids';
import { readTxnLog, type Txn } from '../../lib/zk/txn-log';
import { findZooKeeper, type ZooKeeperVersion } from '../zk/embedded';

const run = promisify(execFile);

/** The JVM's clock and language for the tools' dates: `11/25/26, 10:33:13 PM UTC` whatever the machine's. */
const DATES = ['-Duser.timezone=UTC', '-Duser.language=en', '-Duser.country=US'];

/** What one of ZooKeeper's own tools, of the `version` that wrote it, prints of `file`. */
export async function zookeeperTool(mainClass: string, file: string, version: ZooKeeperVersion = '3.8'): Promise<string> {
  const launcher = findZooKeeper(process.env, version);
  if (launcher === null) throw new Error(`no ZooKeeper ${version} to run its tools`);
  const [command, ...args] = [launcher.command, ...launcher.args(file, mainClass, [], DATES)];
  return (await run(command, args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

/** One transaction as TxnLogToolkit prints it: its time (to the second), session, cxid, zxid, type and the rest of its line. */
export interface PrintedTxn {
  time: number;
  session: string;
  cxid: string;
  zxid: string;
  type: string;
  rest: string;
}

/** What TxnLogToolkit (of `version`) prints of each transaction of `file`. */
export async function toolkit(file: string, version: ZooKeeperVersion = '3.8'): Promise<PrintedTxn[]> {
  const stdout = await zookeeperTool('org.apache.zookeeper.server.persistence.TxnLogToolkit', file, version);
  const lines: PrintedTxn[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)\s(AM|PM) UTC session 0x([0-9a-f]+) cxid 0x([0-9a-f]+) zxid 0x([0-9a-f]+) (\w+) ?(.*)$/.exec(line);
    if (match === null) continue;
    const [month, day, year, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    const time = Date.UTC(2000 + year, month - 1, day, (hour % 12) + (match[7] === 'PM' ? 12 : 0), minute, second);
    lines.push({ time, session: `0x${match[8]}`, cxid: match[9]!, zxid: `0x${match[10]}`, type: match[11]!, rest: match[12]! });
  }
  return lines;
}

/**
 * Reads `file` with the explorer's reader and with TxnLogToolkit (of `version`), and expects every transaction
 * the same: time (the toolkit prints seconds), session, cxid, zxid, type, and each operation's path in the toolkit's line. Answers
 * the transactions read.
 */
export async function expectReadAsToolkit(file: string, version: ZooKeeperVersion = '3.8'): Promise<Txn[]> {
  const read = readTxnLog(readFileSync(file));
  expect(read.stopped, file).toBeNull();
  const printed = await toolkit(file, version);
  expect(read.txns.length, file).toBe(printed.length);
  read.txns.forEach((txn, index) => {
    const line = printed[index]!;
    const said = `${file} #${index}`;
    expect(txn.session, said).toBe(line.session);
    // Long.toHexString of the int: a negative cxid (ZooKeeper's own) sign-extended.
    expect(BigInt.asUintN(64, BigInt(txn.cxid)).toString(16), said).toBe(line.cxid);
    expect(zxidHex(txn.zxid), said).toBe(line.zxid);
    expect(txn.type, said).toBe(line.type);
    expect(Math.floor(txn.time / 1000) * 1000, said).toBe(line.time);
    for (const op of txn.ops) if ('path' in op) expect(line.rest, said).toContain(op.path);
  });
  return read.txns;
}
