import { describe, expect, it } from 'vitest';
import { attachReplay, currentReplay } from './replay';

/** The tab's socket as far as the replay listens to it: its handlers, called as the server's events come. */
function tabSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = { on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler) };
  return { socket, emit: (event: string, payload: unknown) => handlers.get(event)?.(payload) };
}

describe("replay mode's state in the tab", () => {
  it("keeps the changes around the moment of the locks it saw lately, not of every lock page it went through", () => {
    const { socket, emit } = tabSocket();
    attachReplay(socket as never);
    const lock = (n: number) => ({ path: `/locks/lock-${n}`, previous: null, next: { zxid: `0x${n + 1}`, time: n }, changes: n, density: [n] });
    for (let n = 0; n < 40; n += 1) emit('replay:lock', lock(n));
    // The first page again: the latest, kept.
    emit('replay:lock', lock(0));
    emit('replay:lock', { path: '/refused' });
    const kept = [...currentReplay().locks.keys()];
    expect(kept).toHaveLength(16);
    expect(kept.at(-1)).toBe('/locks/lock-0');
    expect(kept[0]).toBe('/locks/lock-25');
    expect(currentReplay().locks.get('/locks/lock-39')?.changes).toBe(39);
  });
});
