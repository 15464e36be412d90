/**
 * A worker thread whose code is TypeScript. Loader hooks registered in this thread (`--import
 * tsx`) do not reach a worker thread in Node 20, so the thread starts with tsx's own import of
 * the module.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;

/** Starts the module at `module` (a file: URL) in a thread of its own, with `workerData`. */
export function typescriptWorker(module: URL, workerData: unknown): Worker {
  const boot = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`;
  return new Worker(boot, { eval: true, workerData });
}

/** Each module's bundle, made once a process (null: it could not be made). */
const bundles = new Map<string, Promise<string | null>>();

/**
 * A worker thread started from its module bundled into one script by esbuild, in memory, once a
 * process: the thread then loads no TypeScript loader and compiles nothing module by module. The
 * thread that reads ZooKeeper's logs sent its first part 70-85 ms sooner so (the applying thread
 * waited for it). For modules that import this project's and Node's own only (a package's
 * CommonJS would not run bundled into a module); where esbuild cannot bundle one, the thread is
 * started as `typescriptWorker` starts it.
 */
export async function bundledWorker(module: URL, workerData: unknown): Promise<Worker> {
  let bundle = bundles.get(module.href);
  if (bundle === undefined) {
    bundle = bundleOf(module);
    bundles.set(module.href, bundle);
  }
  const code = await bundle;
  if (code === null) return typescriptWorker(module, workerData);
  return new Worker(new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`), { workerData });
}

async function bundleOf(module: URL): Promise<string | null> {
  try {
    const { build } = await import('esbuild');
    const result = await build({ entryPoints: [fileURLToPath(module)], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent' });
    return result.outputFiles[0]?.text ?? null;
  } catch {
    return null;
  }
}
