import { describeData } from '../../lib/lock/data';
import type { ChildRecord } from '../../lib/lock/queue';
import { childPath } from '../../lib/zk/path';
import { ZkError, type ZkSession } from '../zk/session';

/**
 * Reads the stat and data of each named child once (without a watch). Children deleted
 * meanwhile are left out: the parent's child watch reports their removal anyway.
 */
export async function readChildren(session: ZkSession, parent: string, names: readonly string[]): Promise<ChildRecord[]> {
  const results = await session.getDataMany(names.map((name) => childPath(parent, name)));
  const records: ChildRecord[] = [];
  results.forEach((result, index) => {
    if (result instanceof ZkError) {
      if (result.code === 'NO_NODE') return;
      throw result;
    }
    records.push({ name: names[index]!, stat: result.stat, data: describeData(result.data), state: undefined });
  });
  return records;
}
