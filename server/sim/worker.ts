/**
 * The simulator's own thread: every simulated contender (its session, its fault proxy, its
 * timers) runs here, off the explorer's event loop, so that 300 herd contenders waking at once
 * do not hold up a page's request. The explorer talks to it through `SimulatorThread`
 * (server/sim/thread.ts) with the messages below; it opens its own ZooKeeper session, like the
 * explorer's, for preparing lock paths and cleaning up.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../http-error';
import { ZkError, ZkSession, type ZkSessionOptions } from '../zk/session';
import { Simulator } from './simulator';
import type { ContenderAction, ContenderInfo, ContenderList, RecipeId, SpawnRequest } from '../../lib/protocol';

/** What the explorer's thread asks. */
export type SimulatorCall =
  | { call: number; method: 'spawn'; request: SpawnRequest }
  | { call: number; method: 'act'; id: string; action: ContenderAction; ms?: number }
  | { call: number; method: 'stopAll'; path?: string }
  | { call: number; method: 'renew'; path: string }
  | { call: number; method: 'list' }
  | { call: number; method: 'close' };

/** An error as it crosses between the threads, to be thrown again on the other side as what it was. */
export type CrossedError = { kind: 'http'; status: number; message: string } | { kind: 'zk'; code: string; message: string; path?: string } | { kind: 'other'; message: string };

/** What this thread tells: an answer (with the list as it is then), a change, a recipe to declare. */
export type SimulatorMessage =
  | { call: number; result: ContenderInfo[] | ContenderInfo | number | null; list: ContenderList }
  | { call: number; error: CrossedError; list: ContenderList }
  | { event: 'changed'; list: ContenderList }
  | { event: 'declare'; path: string; recipe: RecipeId };

export interface SimulatorThreadData {
  connectString: string;
  session: ZkSessionOptions;
  maxContenders: number;
  simRoot: string;
}

export function crossError(error: unknown): CrossedError {
  if (error instanceof HttpError) return { kind: 'http', status: error.status, message: error.message };
  if (error instanceof ZkError) return { kind: 'zk', code: error.code, message: error.message, ...(error.path === undefined ? {} : { path: error.path }) };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

const port = parentPort;
if (port !== null) {
  const data = workerData as SimulatorThreadData;
  const post = (message: SimulatorMessage): void => port.postMessage(message);
  const session = new ZkSession(data.session);
  const started = session.start();
  // A session that cannot start is said in every answer; the explorer's own session reports why.
  started.catch(() => undefined);
  const simulator = new Simulator({
    connectString: data.connectString,
    session,
    maxContenders: data.maxContenders,
    simRoot: data.simRoot,
    declare: (path, recipe) => post({ event: 'declare', path, recipe }),
  });
  simulator.on('changed', () => post({ event: 'changed', list: simulator.list() }));

  const run = async (message: SimulatorCall): Promise<ContenderInfo[] | ContenderInfo | number | null> => {
    switch (message.method) {
      case 'spawn':
        await started;
        return (await simulator.spawn(message.request)).map((contender) => contender.info());
      case 'act':
        await simulator.act(message.id, message.action, message.ms);
        return simulator.get(message.id).info();
      case 'stopAll':
        await started;
        return simulator.stopAll(message.path);
      case 'renew':
        return simulator.renew(message.path);
      case 'list':
        return null;
      case 'close':
        await simulator.close();
        session.close();
        return null;
    }
  };
  port.on('message', (message: SimulatorCall) => {
    run(message).then(
      (result) => post({ call: message.call, result, list: simulator.list() }),
      (error: unknown) => post({ call: message.call, error: crossError(error), list: simulator.list() }),
    );
  });
}
