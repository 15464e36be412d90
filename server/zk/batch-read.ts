/**
 * Reads of many nodes without watches, in requests of a few hundred: multiRead (ZooKeeper 3.6
 * and later), or one getData each once the server refused a multiRead.
 */
import type { Client } from 'node-zookeeper-client';
import type { ZnodeStat } from '../../lib/protocol';
import { clientException, multiRead } from './wire/connection';
import type { MultiReadResult } from './wire/jute';
import type { WireCall } from './trees';
import { toZkError, ZkError, type ReadResult } from './zk-types';

// Nodes per multiRead: replies of about 100 kB for typical lock nodes.
const MULTI_READ_BATCH = 500;

export class BatchReads {
  // Whether the server answers multiRead; learnt from its first refusal.
  private batches = true;

  constructor(
    private readonly getData: (path: string) => Promise<{ data: Buffer | null; stat: ZnodeStat }>,
    private readonly callWire: WireCall,
  ) {}

  /** Whether many reads still go out as multiReads (false once the server refused one). */
  get batching(): boolean {
    return this.batches;
  }

  /**
   * Reads the data and stat of many nodes. Each result is the node's data and stat, or the error
   * of its own read (NO_NODE when it went).
   */
  async read(paths: readonly string[]): Promise<ReadResult[]> {
    const batches: Array<Promise<ReadResult[]>> = [];
    for (let start = 0; start < paths.length; start += MULTI_READ_BATCH) batches.push(this.batch(paths.slice(start, start + MULTI_READ_BATCH)));
    return (await Promise.all(batches)).flat();
  }

  private async batch(paths: readonly string[]): Promise<ReadResult[]> {
    const oneByOne = (): Promise<ReadResult[]> =>
      Promise.all(paths.map((path) => this.getData(path).catch((error: unknown) => (error instanceof ZkError ? error : toZkError(error, path)))));
    if (!this.batches) return oneByOne();
    let results: MultiReadResult[];
    try {
      results = await this.callWire(paths[0] ?? '/', (client: Client) => multiRead(client, paths));
    } catch (error) {
      if (error instanceof ZkError && !['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED', 'NO_AUTH'].includes(error.code)) {
        console.warn(`ZooKeeper refused a multiRead (${error.code}): reading nodes one at a time`);
        this.batches = false;
        return oneByOne();
      }
      throw error;
    }
    if (results.length !== paths.length) throw new ZkError('CLIENT_ERROR', `a multiRead of ${paths.length} nodes answered ${results.length}`);
    return results.map((result, index) => ('err' in result ? toZkError(clientException(result.err), paths[index]) : result));
  }
}
