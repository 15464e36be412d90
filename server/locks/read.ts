import { describeData } from '../../lib/lock/data';
import type { ChildRecord } from '../../lib/lock/queue';
import { childPath } from '../../lib/zk/path';
import { ZkError, type ZkSession } from '../zk/session';

// Enough requests in flight to keep ZooKeeper busy without queueing 10,000 callbacks at once.
const READ_BATCH = 512;

/**
 * Reads the stat and data of each named child once (getData without a watch). Children
 * deleted meanwhile are left out: the parent's child watch reports their removal anyway.
 */
export async function readChildren(session: ZkSession, parent: string, names: readonly string[]): Promise<ChildRecord[]> {
  const records: ChildRecord[] = [];
  for (let start = 0; start < names.length; start += READ_BATCH) {
    const batch = names.slice(start, start + READ_BATCH);
    const results = await Promise.all(
      batch.map(async (name): Promise<ChildRecord | null> => {
        try {
          const { data, stat } = await session.getData(childPath(parent, name));
          return { name, stat, data: describeData(data) };
        } catch (error) {
          if (error instanceof ZkError && error.code === 'NO_NODE') return null;
          throw error;
        }
      }),
    );
    for (const record of results) if (record !== null) records.push(record);
  }
  return records;
}
