import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('server start-up with a bad configuration', () => {
  it.each([
    [['--port', 'not-a-port'], {}, /^config: PORT \/ --port .*"not-a-port"/],
    [[], { ZK_CONNECT: 'no-port-here' }, /^config: ZK_CONNECT/],
    [[], { ZK_AUTH: 'digest-without-colons' }, /^config: ZK_AUTH/],
  ])('prints one clear line and exits 1 for %j %j', (args, env, pattern) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts', ...args], {
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
