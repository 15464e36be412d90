/**
 * Assembles the project's WebAssembly text (lib/zk/adler32.wat) with wabt, a development
 * dependency, and writes its bytes into lib/zk/adler32-wasm.ts, which the code loads (no
 * assembler at run time). Run it after changing the text; scripts/wasm.test.ts fails while the
 * two differ.
 *   node --import tsx scripts/wasm.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WAT = fileURLToPath(new URL('../lib/zk/adler32.wat', import.meta.url));
export const MODULE = fileURLToPath(new URL('../lib/zk/adler32-wasm.ts', import.meta.url));

/** The TypeScript module that holds the text assembled. */
export async function wasmModuleSource(text: string): Promise<string> {
  const { default: wabt } = await import('wabt');
  const parsed = (await wabt()).parseWat('adler32.wat', text, { simd: true });
  try {
    parsed.validate();
    const base64 = Buffer.from(parsed.toBinary({}).buffer).toString('base64');
    return `// Written by scripts/wasm.ts from adler32.wat: do not edit.\nexport const ADLER32_WASM = '${base64}';\n`;
  } finally {
    parsed.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(MODULE, await wasmModuleSource(readFileSync(WAT, 'utf8')));
  console.log(`wrote ${MODULE}`);
}
