import { createConnection } from 'node:net';

/** Sends one of ZooKeeper's four-letter words (`ruok`, `mntr`, `wchc`, …) and returns the whole reply. */
export function fourLetterWord(host: string, port: number, word: string, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = createConnection({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`${word} to ${host}:${port} timed out`)));
    socket.once('connect', () => socket.end(word));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('close', (hadError) => {
      if (!hadError) resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
