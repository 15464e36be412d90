import { createConnection, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { isNotWhitelisted, type ReplyReader } from '../../lib/zk/four-letter';
import { tlsOptions, type ZkTls } from './wire/connection';

const NEWLINE = 0x0a;

/**
 * Sends one of ZooKeeper's four-letter words (`ruok`, `mntr`, `wchc`, …) and returns the whole
 * reply; over TLS (with the client certificate) where the members serve only `secureClientPort`.
 * `verify: false` only for a server of our own, asked whether it has started.
 */
export function fourLetterWord(host: string, port: number, word: string, timeoutMs = 3000, tls: ZkTls | null = null, verify = true): Promise<string> {
  const lines: string[] = [];
  return readFourLetterWord(host, port, word, { line: (text) => lines.push(text), done: () => undefined }, timeoutMs, tls, verify).then(() => lines.join('\n'));
}

/** What a reader made of a four-letter word's reply (null when the member refused the word: not whitelisted), and the reply's size. */
export interface ReadReply<T> {
  value: T | null;
  bytes: number;
}

/**
 * Sends a four-letter word and feeds its reply to `reader` line by line as it arrives: a reply of
 * megabytes (`wchc`, `dump` at 100,000 watches or ephemeral nodes) is never held whole, and what
 * the reader keeps of it are strings of their own, not slices of one large text.
 */
export function readFourLetterWord<T>(host: string, port: number, word: string, reader: ReplyReader<T>, timeoutMs = 3000, tls: ZkTls | null = null, verify = true): Promise<ReadReply<T>> {
  return new Promise((resolve, reject) => {
    const socket: Socket = tls === null ? createConnection({ host, port }) : connectTls({ host, port, ...tlsOptions(host, tls), rejectUnauthorized: verify });
    let bytes = 0;
    let first: string | null = null;
    // The start of a line that the last chunk cut.
    let rest: Buffer | null = null;
    const feed = (text: string): void => {
      first ??= text;
      reader.line(text);
    };
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`${word} to ${host}:${port} timed out`)));
    socket.once(tls === null ? 'connect' : 'secureConnect', () => socket.end(word));
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      try {
        let start = 0;
        for (let end = chunk.indexOf(NEWLINE); end >= 0; start = end + 1, end = chunk.indexOf(NEWLINE, start)) {
          feed(rest === null ? chunk.toString('utf8', start, end) : Buffer.concat([rest, chunk.subarray(start, end)]).toString('utf8'));
          rest = null;
        }
        // Copied, so that the chunk itself is not kept for a few bytes.
        if (start < chunk.length) rest = rest === null ? Buffer.from(chunk.subarray(start)) : Buffer.concat([rest, chunk.subarray(start)]);
      } catch (error) {
        socket.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.once('error', reject);
    socket.once('close', (hadError) => {
      if (hadError) return;
      try {
        if (rest !== null) feed(rest.toString('utf8'));
        resolve({ value: first !== null && isNotWhitelisted(first) ? null : reader.done(), bytes });
      } catch (error) {
        reject(error);
      }
    });
  });
}
