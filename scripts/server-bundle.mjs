// The server as `npm start` runs it: its TypeScript bundled by esbuild into one module, the
// packages left to node_modules. Run through tsx instead, every function bound to a name is wrapped
// to keep it (esbuild's keepNames, which tsx sets) and each module is compiled as it loads; the
// explorer following 100 locks handing over 280 times a second used 0.92x the CPU bundled
// (bench/busy-side-by-side.ts, six windows of 30 s under the busy bench's load). Each module's
// `import.meta.url` stays its own source file's, so that the paths it resolves from it (the
// project's root, a worker's module, package.json) are the same as run from the sources.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const NODE_MODULES = join('/', 'node_modules', '/');

/** Where `npm start` (and the e2e tests' explorer) put the server's bundle, from the project's root. */
export const SERVER_BUNDLE = join('node_modules', '.cache', 'zk-lock-explorer', 'server.mjs');

/** esbuild's plugin: `import.meta.url` in each of the project's TypeScript modules, as its own file's URL. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(NODE_MODULES)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/**
 * Bundles `entry` (a path from the project's root, e.g. `server/index.ts`) into `outfile` (where
 * node_modules is found from: inside the project) and returns the bundle's file: URL, to import.
 * The file is replaced whole (written aside, then renamed): two explorers starting at once from
 * one checkout each import a complete bundle.
 */
export async function bundleServer(entry, outfile, { tree = root } = {}) {
  const output = join(tree, outfile);
  mkdirSync(dirname(output), { recursive: true });
  const result = await build({
    entryPoints: [join(tree, entry)],
    outfile: output,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    // Read by Node only with --enable-source-maps: the stacks then name the TypeScript's lines.
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
  const aside = `${output}.${process.pid}.tmp`;
  writeFileSync(aside, result.outputFiles[0].contents);
  renameSync(aside, output);
  return pathToFileURL(output).href;
}
