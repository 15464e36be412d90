import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULE, WAT, wasmModuleSource } from './wasm';

describe('the WebAssembly the code loads', () => {
  it('is lib/zk/adler32.wat assembled as it is now (else: node --import tsx scripts/wasm.ts)', async () => {
    expect(readFileSync(MODULE, 'utf8')).toBe(await wasmModuleSource(readFileSync(WAT, 'utf8')));
  });
});
