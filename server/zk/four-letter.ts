import { createConnection, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { tlsOptions, type ZkTls } from './wire/connection';

/**
 * Sends one of ZooKeeper's four-letter words (`ruok`, `mntr`, `wchc`, …) and returns the whole
 * reply; over TLS (with the client certificate) where the members serve only `secureClientPort`.
 * `verify: false` only for a server of our own, asked whether it has started.
 */
export function fourLetterWord(host: string, port: number, word: string, timeoutMs = 3000, tls: ZkTls | null = null, verify = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket: Socket = tls === null ? createConnection({ host, port }) : connectTls({ host, port, ...tlsOptions(host, tls), rejectUnauthorized: verify });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`${word} to ${host}:${port} timed out`)));
    socket.once(tls === null ? 'connect' : 'secureConnect', () => socket.end(word));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('close', (hadError) => {
      if (!hadError) resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
