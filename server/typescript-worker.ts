/**
 * A worker thread whose code is TypeScript. Loader hooks registered in this thread (`--import
 * tsx`) do not reach a worker thread in Node 20, so the thread starts with tsx's own import of
 * the module.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;

/** Starts the module at `module` (a file: URL) in a thread of its own, with `workerData`. */
export function typescriptWorker(module: URL, workerData: unknown): Worker {
  const boot = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`;
  return new Worker(boot, { eval: true, workerData });
}
