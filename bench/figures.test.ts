import { describe, expect, it } from 'vitest';
import { markdownTables, ratioOf, targetText, textTable, verdict, type Figure } from './figures';

const latency: Figure = { section: 'Live latency', name: 'write → socket, median', value: 3, unit: 'ms', reference: { name: 'floor', value: 2 }, target: { on: 'ratio', max: 1.2 }, note: 'one more round trip' };
const rate: Figure = { section: 'Lock client', name: 'handovers/s', value: 900, unit: '/s', reference: { name: 'Curator', value: 800 }, target: { on: 'ratio', min: 1 } };
const snapshot: Figure = { section: 'Scale', name: 'REST snapshot', value: 350, unit: 'ms', reference: null, target: { on: 'value', max: 500 } };

describe('bench figures', () => {
  it('holds each figure to its target, on the ratio or on the value', () => {
    expect(ratioOf(latency)).toBe(1.5);
    expect(verdict(latency)).toBe('MISSES');
    expect(verdict(rate)).toBe('meets');
    expect(verdict(snapshot)).toBe('meets');
    expect(verdict({ ...snapshot, value: Number.NaN })).toBe('MISSES');
    expect(targetText(latency)).toBe('≤ 1.2× floor');
    expect(targetText(snapshot)).toBe('≤ 500 ms');
  });

  it('prints a table per section, and the notes of misses in Markdown', () => {
    const text = textTable([latency, rate]);
    expect(text).toContain('Live latency');
    expect(text).toMatch(/write → socket, median\s+3\.00 ms\s+floor: 2\.00 ms\s+1\.50×\s+≤ 1\.2× floor\s+MISSES/);
    const markdown = markdownTables([latency, rate, snapshot]);
    expect(markdown).toContain('### Scale');
    expect(markdown).toContain('- **write → socket, median** (misses): one more round trip');
  });
});
