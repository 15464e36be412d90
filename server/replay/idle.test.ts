import { describe, expect, it } from 'vitest';
import { runWhileIdle } from './idle';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('work run a step at a time while the server is idle', () => {
  it('lets other tasks run between its steps, and ends with its work', async () => {
    const order: string[] = [];
    function* work(): Generator<void> {
      for (let step = 0; step < 3; step += 1) {
        order.push(`step ${step}`);
        yield;
      }
      order.push('done');
    }
    runWhileIdle(work(), () => order.push('failed'));
    // A task that arrives while the work is under way runs before its next step, not after its end.
    setImmediate(() => order.push('other'));
    for (let i = 0; i < 6; i += 1) await turn();
    expect(order.indexOf('other')).toBeGreaterThan(0);
    expect(order.indexOf('other')).toBeLessThan(order.indexOf('done'));
    expect(order.filter((entry) => entry !== 'other')).toEqual(['step 0', 'step 1', 'step 2', 'done']);
  });

  it('stops at once when told, and tells a step that throws', async () => {
    let steps = 0;
    const stop = runWhileIdle(
      (function* () {
        for (;;) {
          steps += 1;
          yield;
        }
      })(),
      () => undefined,
    );
    await turn();
    await turn();
    stop();
    const stoppedAt = steps;
    for (let i = 0; i < 4; i += 1) await turn();
    expect(stoppedAt).toBeGreaterThan(0);
    expect(steps).toBe(stoppedAt);

    const failures: unknown[] = [];
    runWhileIdle(
      (function* () {
        yield;
        throw new Error('a lock could not be read');
      })(),
      (error) => failures.push(error),
    );
    for (let i = 0; i < 4; i += 1) await turn();
    expect(failures.map((error) => (error as Error).message)).toEqual(['a lock could not be read']);
  });
});
