/**
 * Reads of many nodes without watches, in requests of a few hundred: multiRead (ZooKeeper 3.6
 * and later), or one read each once the server refused a multiRead.
 */
import type { Client } from 'node-zookeeper-client';
import type { ZnodeStat } from '../../lib/protocol';
import { clientException, multiRead, multiReadChildren } from './wire/connection';
import type { MultiReadResult } from './wire/jute';
import type { WireCall } from './trees';
import { toZkError, ZkError, type ReadResult } from './zk-types';

// Nodes per multiRead: replies of about 100 kB for typical lock nodes.
const MULTI_READ_BATCH = 500;

/** The children's names of one node, or the error of its own listing (NO_NODE when it went). */
export type ChildrenResult = string[] | ZkError;

export class BatchReads {
  // Whether the server answers multiRead; learnt from its first refusal.
  private batches = true;

  constructor(
    private readonly getData: (path: string) => Promise<{ data: Buffer | null; stat: ZnodeStat }>,
    private readonly getChildren: (path: string) => Promise<{ children: string[] }>,
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
  read(paths: readonly string[]): Promise<ReadResult[]> {
    return this.many(paths, multiRead, (path) => this.getData(path), (result) => ('data' in result ? result : null));
  }

  /** Lists the children of many nodes, without watches: each result is the names, or the error of its own listing. */
  children(paths: readonly string[]): Promise<ChildrenResult[]> {
    return this.many(paths, multiReadChildren, async (path) => (await this.getChildren(path)).children, (result) => ('children' in result ? result.children : null));
  }

  private async many<T>(
    paths: readonly string[],
    batchRead: (client: Client, paths: readonly string[]) => Promise<MultiReadResult[]>,
    readOne: (path: string) => Promise<T>,
    resultOf: (result: MultiReadResult) => T | null,
  ): Promise<Array<T | ZkError>> {
    // One request (a handover's new node): no batches to gather.
    if (paths.length <= MULTI_READ_BATCH) return this.batch(paths, batchRead, readOne, resultOf);
    const batches: Array<Promise<Array<T | ZkError>>> = [];
    for (let start = 0; start < paths.length; start += MULTI_READ_BATCH) {
      batches.push(this.batch(paths.slice(start, start + MULTI_READ_BATCH), batchRead, readOne, resultOf));
    }
    return (await Promise.all(batches)).flat();
  }

  private async batch<T>(
    paths: readonly string[],
    batchRead: (client: Client, paths: readonly string[]) => Promise<MultiReadResult[]>,
    readOne: (path: string) => Promise<T>,
    resultOf: (result: MultiReadResult) => T | null,
  ): Promise<Array<T | ZkError>> {
    const oneByOne = (): Promise<Array<T | ZkError>> =>
      Promise.all(paths.map((path) => readOne(path).catch((error: unknown) => (error instanceof ZkError ? error : toZkError(error, path)))));
    if (!this.batches) return oneByOne();
    let results: MultiReadResult[];
    try {
      results = await this.callWire(paths[0] ?? '/', (client: Client) => batchRead(client, paths));
    } catch (error) {
      if (error instanceof ZkError && !['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED', 'NO_AUTH'].includes(error.code)) {
        console.warn(`ZooKeeper refused a multiRead (${error.code}): reading nodes one at a time`);
        this.batches = false;
        return oneByOne();
      }
      throw error;
    }
    if (results.length !== paths.length) throw new ZkError('CLIENT_ERROR', `a multiRead of ${paths.length} nodes answered ${results.length}`);
    return results.map((result, index) => {
      if ('err' in result) return toZkError(clientException(result.err), paths[index]);
      const value = resultOf(result);
      if (value === null) throw new ZkError('CLIENT_ERROR', `a multiRead answered ${paths[index]} with a result of another kind`);
      return value;
    });
  }
}
