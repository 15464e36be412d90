import { describe, expect, it } from 'vitest';
import { BUSY_DEFAULTS, combineRuns, parseBusyArgs } from './busy';
import { slope } from './stats';
import type { Figure } from './figures';

const run = (value: number, reference: number, note: string): Figure[] => [
  { section: 'busy', name: "the explorer's CPU", value, unit: '% of a core', reference: { name: 'idle', value: reference }, target: { on: 'value', max: 15 }, note },
];

describe('the busy-ensemble bench', () => {
  it("takes `--name value` and `--name=value` over the issue's values", () => {
    expect(parseBusyArgs([])).toEqual(BUSY_DEFAULTS);
    const options = parseBusyArgs(['--seconds', '20', '--soak=30', '--locks', '40']);
    expect(options).toEqual({ ...BUSY_DEFAULTS, seconds: 20, soakMinutes: 30, locks: 40 });
    expect(BUSY_DEFAULTS).toMatchObject({ seconds: 60, locks: 100, rate: 2_000, sessionsPerSecond: 20, soakMinutes: 0 });
  });

  it('refuses an option it does not know, or one without a number, naming the options', () => {
    expect(() => parseBusyArgs(['--secs', '20'])).toThrow(/--secs .*--seconds/);
    expect(() => parseBusyArgs(['--seconds'])).toThrow(/--seconds is not an option with a number/);
  });

  it("makes three runs one figure: the median value and reference, the spread, and the median run's note", () => {
    const [figure] = combineRuns([run(12, 5, 'first'), run(18, 7, 'second'), run(14, 6, 'third')]);
    expect(figure!.value).toBe(14);
    expect(figure!.reference).toEqual({ name: 'idle', value: 6 });
    expect(figure!.note).toContain('3 runs: 12.00, 18.00, 14.00 (median 14.00, spread 12.00–18.00)');
    expect(figure!.note).toContain('The median run: third');
    expect(combineRuns([run(12, 5, 'alone')])[0]!.note).toBe('alone');
  });

  it('makes runs judged by a ratio to their own reference one figure of the run of the median ratio, not a median over a median', () => {
    const latency = (value: number, reference: number, note: string): Figure[] => [
      { section: 'busy', name: 'p99', value, unit: 'ms', reference: { name: 'idle', value: reference }, target: { on: 'ratio', max: 2 }, note },
    ];
    // Ratios 1.00, 2.08, 2.27: the median run is the second. A median over a median would say 15.55 / 7.94 = 1.96.
    const [figure] = combineRuns([latency(13.81, 13.81, 'first'), latency(15.55, 7.48, 'second'), latency(17.99, 7.94, 'third')]);
    expect(figure!.value).toBe(15.55);
    expect(figure!.reference).toEqual({ name: 'idle', value: 7.48 });
    expect(figure!.note).toContain('ratios 1.00, 2.08, 2.27 (median 2.08)');
    expect(figure!.note).toContain('The median run: second');
  });

  it('fits memory read every half minute with its slope', () => {
    expect(slope([0, 0.5, 1, 1.5].map((x) => ({ x, y: 100 + 2 * x })))).toBeCloseTo(2);
    expect(slope([{ x: 1, y: 3 }])).toBeNaN();
  });
});
