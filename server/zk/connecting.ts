/** Making a session's client, and waiting for it to connect, with a time-out and the reason it could not. */
import zookeeper from 'node-zookeeper-client';
import type { Client } from 'node-zookeeper-client';
import type { ZkConnectionState } from '../../lib/protocol';
import type { ZkSession } from './session';
import { ZkError, type ZkSessionOptions } from './zk-types';

// node-zookeeper-client accepts these options, but its type declarations omit them.
type ClientOptions = { sessionTimeout: number; spinDelay: number; retries: number; sessionId?: Buffer; sessionPassword?: Buffer };
const createClient = zookeeper.createClient as unknown as (connectString: string, options: ClientOptions) => Client;

/** A client for a session of these options (joining the session `resume` when given); not connected yet. */
export function newClient(options: ZkSessionOptions, resume: ZkSessionOptions['resume']): Client {
  return createClient(options.connectString, {
    sessionTimeout: options.sessionTimeoutMs,
    spinDelay: 500,
    // Retrying a sequential create after CONNECTION_LOSS can duplicate it, so the client never retries.
    retries: 0,
    ...(resume ? { sessionId: resume.sessionId, sessionPassword: resume.password } : {}),
  });
}

/** Resolves when `session` is connected now or within `timeoutMs`; rejects at once when it cannot be (authentication, TLS, closed). */
export function untilConnected(session: ZkSession, timeoutMs: number): Promise<void> {
  if (session.state === 'connected' || session.state === 'read-only') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onState = (state: ZkConnectionState): void => {
      if (state === 'connected' || state === 'read-only') {
        cleanup();
        resolve();
      } else if (state === 'auth-failed' || state === 'tls-failed' || state === 'closed') {
        cleanup();
        const code = state === 'closed' ? 'CLOSED' : state === 'tls-failed' ? 'TLS_FAILED' : 'AUTH_FAILED';
        reject(new ZkError(code, `ZooKeeper session ${state}${session.reason ? `: ${session.reason}` : ''}`));
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new ZkError('CONNECT_TIMEOUT', `could not connect to ZooKeeper at ${session.connectString} within ${timeoutMs} ms`),
      );
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      session.off('state', onState);
    };
    session.on('state', onState);
  });
}
