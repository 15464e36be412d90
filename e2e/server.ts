/** Starts the real explorer (production build, the server bundled as `npm start` runs it, embedded ZooKeeper) as its own process for e2e tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_BUNDLE } from '../scripts/server-bundle.mjs';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The server bundled once a process, where `npm start` puts it. */
let serverBundle: Promise<string> | null = null;

export interface ExplorerProcess {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** `nodeArgs`: Node's own flags, before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
export async function spawnExplorer(extraArgs: string[] = [], env: Record<string, string> = {}, nodeArgs: readonly string[] = []): Promise<ExplorerProcess> {
  if (!existsSync(join(projectRoot, '.next', 'BUILD_ID'))) {
    throw new Error('no production build: run `npx next build` first (npm test does)');
  }
  serverBundle ??= bundleServer('server/index.ts', SERVER_BUNDLE);
  const child = spawn(process.execPath, [...nodeArgs, fileURLToPath(await serverBundle), '--port', '0', ...extraArgs], {
    cwd: projectRoot,
    // A temporary embedded ZooKeeper of its own unless told otherwise: tests never share one's data.
    env: { ...process.env, ZK_CONNECT: '', ZK_EMBEDDED_DIR: 'temp', ZK_DATA_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the explorer did not start within 60 s:\n${output}`)), 60_000);
    const check = (): void => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the explorer exited with ${code} during start-up:\n${output}`));
    });
  });

  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
