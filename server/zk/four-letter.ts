import { createConnection, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { isNotWhitelisted, type ReplyReader } from '../../lib/zk/four-letter';
import { tlsOptions, type ZkTls } from './wire/connection';

const NEWLINE = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Sends one of ZooKeeper's four-letter words (`ruok`, `mntr`, `wchc`, …) and hands each chunk of
 * the reply to `onChunk` as it arrives; settles when the member closes the connection (or with
 * the error `onChunk` throws). Over TLS (with the client certificate) where the members serve
 * only `secureClientPort`; `verify: false` only for a server of our own, asked whether it has started.
 */
function sendWord(host: string, port: number, word: string, timeoutMs: number, tls: ZkTls | null, verify: boolean, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = tls === null ? createConnection({ host, port }) : connectTls({ host, port, ...tlsOptions(host, tls), rejectUnauthorized: verify });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`${word} to ${host}:${port} timed out`)));
    socket.once(tls === null ? 'connect' : 'secureConnect', () => socket.end(word));
    socket.on('data', (chunk: Buffer) => {
      try {
        onChunk(chunk);
      } catch (error) {
        socket.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.once('error', reject);
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}

/** A four-letter word's whole reply, as text (for the short ones: `ruok`, `srvr`, `mntr`). */
export async function fourLetterWord(host: string, port: number, word: string, timeoutMs = 3000, tls: ZkTls | null = null, verify = true): Promise<string> {
  const chunks: Buffer[] = [];
  await sendWord(host, port, word, timeoutMs, tls, verify, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks).toString('utf8');
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
export async function readFourLetterWord<T>(host: string, port: number, word: string, reader: ReplyReader<T>, timeoutMs = 3000, tls: ZkTls | null = null): Promise<ReadReply<T>> {
  let bytes = 0;
  let first: string | null = null;
  // The start of a line that the last chunk cut.
  let rest: Buffer | null = null;
  // A line's indent is left out before it is decoded: what a reader keeps of it is then the line's own string.
  const feed = (line: Buffer, from: number, to: number): void => {
    let start = from;
    while (start < to && (line[start] === SPACE || line[start] === TAB)) start += 1;
    const text = line.toString('utf8', start, to);
    first ??= text;
    reader.line(text, start > from);
  };
  await sendWord(host, port, word, timeoutMs, tls, true, (chunk) => {
    bytes += chunk.length;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; start = end + 1, end = chunk.indexOf(NEWLINE, start)) {
      if (rest === null) feed(chunk, start, end);
      else {
        const line = Buffer.concat([rest, chunk.subarray(start, end)]);
        feed(line, 0, line.length);
        rest = null;
      }
    }
    // Copied, so that the chunk itself is not kept for a few bytes.
    if (start < chunk.length) rest = rest === null ? Buffer.from(chunk.subarray(start)) : Buffer.concat([rest, chunk.subarray(start)]);
  });
  if (rest !== null) feed(rest, 0, (rest as Buffer).length);
  return { value: first !== null && isNotWhitelisted(first) ? null : reader.done(), bytes };
}
