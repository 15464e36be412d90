import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPLORER_ENV } from './explorer-env';

describe('the environment the benches run the explorer with', () => {
  it('is the one `npm start` sets', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    for (const [name, value] of Object.entries(EXPLORER_ENV)) expect(start).toContain(`${name}=${value} `);
  });
});
