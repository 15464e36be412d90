import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, SERVER_BUNDLE } from '../scripts/server-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Run as `npm start` runs it (bundled) and as `npm run dev` does (through tsx).
const ways: Record<string, string[]> = { bundled: [SERVER_BUNDLE], tsx: ['--import', 'tsx', 'server/index.ts'] };

describe('server start-up with a bad configuration', () => {
  beforeAll(async () => {
    await bundleServer('server/index.ts', SERVER_BUNDLE);
  });

  it.each([
    ['bundled', ['--port', 'not-a-port'], {}, /^config: PORT \/ --port .*"not-a-port"/],
    ['tsx', ['--port', 'not-a-port'], {}, /^config: PORT \/ --port .*"not-a-port"/],
    ['bundled', [], { ZK_CONNECT: 'no-port-here' }, /^config: ZK_CONNECT/],
    ['tsx', [], { ZK_AUTH: 'digest-without-colons' }, /^config: ZK_AUTH/],
    ['bundled', [], { ZK_AUTH: 'digest-without-colons' }, /^config: ZK_AUTH/],
  ])('%s: prints one clear line and exits 1 for %j %j', (way, args, env, pattern) => {
    const result = spawnSync(process.execPath, [...ways[way]!, ...args], {
      cwd: root,
      env: { ...process.env, ZK_CONNECT: '', PORT: '', ZK_EMBEDDED_DIR: 'temp', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(result.stderr).not.toContain('digest-without-colons');
  });
});
