// `npm start`: installs the system packages an embedded ZooKeeper needs (when ZK_CONNECT is not
// set), makes a production build of the page when there is none or the sources changed since,
// then runs the server in this same process, so that signals reach it directly: bundled by
// esbuild (scripts/server-bundle.mjs), or through tsx with `--dev`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { bundleServer, SERVER_BUNDLE } from './server-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestSource(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestSource(join(path, entry)));
  return newest;
}

function buildIsStale() {
  const buildId = join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = ['app', 'components', 'lib', 'next.config.js', 'package-lock.json', 'tsconfig.json'];
  return sources.some((source) => newestSource(join(root, source)) > built);
}

const embedded = !process.env.ZK_CONNECT && !args.some((arg) => arg.startsWith('--zk-connect'));
if (embedded) run('bash', ['scripts/system-deps.sh', 'runtime']);
if (!args.includes('--dev') && buildIsStale()) {
  console.log('zk-lock-explorer: building the page (next build)…');
  run(process.execPath, [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build']);
}
if (args.includes('--dev')) {
  register();
  await import('../server/index.ts');
} else {
  // Made again at every start (in about half a second): never older than the sources.
  await import(await bundleServer('server/index.ts', SERVER_BUNDLE));
}
