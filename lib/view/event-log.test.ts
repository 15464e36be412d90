import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../lock/delta';
import { record, snapshotOf } from '../testing/records';
import { appendEvents, eventsBefore, eventsOf } from './event-log';
import { wokenBy } from './pulses';

describe('the event log of a lock', () => {
  const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'];
  const before = snapshotOf('/l', names.map((name) => record(name)));

  it('says a release as the holder deleted, the next notified, and the next holding', () => {
    const after = snapshotOf('/l', names.slice(1).map((name) => record(name)), before, 1);
    const delta = diffSnapshots(before, after)!;
    const events = eventsOf(before, delta, wokenBy(before, delta), 7);
    expect(events.map((event) => [event.kind, event.node, event.count, event.woken])).toEqual([
      ['delete', 'lock-0000000000', 1, null],
      ['notify', 'lock-0000000000', 1, 'lock-0000000001'],
      ['hold', 'lock-0000000001', 1, null],
    ]);
    expect(events.every((event) => event.at === 7)).toBe(true);
  });

  it('says arrivals one by one, and a burst as one event with its count', () => {
    const one = snapshotOf('/l', [...names, 'lock-0000000003'].map((name) => record(name)), before, 1);
    expect(eventsOf(before, diffSnapshots(before, one)!, [], 1).map((event) => [event.kind, event.node])).toEqual([['create', 'lock-0000000003']]);
    const many = snapshotOf('/l', [...names, ...Array.from({ length: 30 }, (_, i) => `lock-${String(i + 3).padStart(10, '0')}`)].map((name) => record(name)), before, 1);
    expect(eventsOf(before, diffSnapshots(before, many)!, [], 1)).toEqual([{ at: 1, kind: 'create', node: 'lock-0000000003', count: 30, woken: null }]);
  });

  it('keeps the last events only', () => {
    const event = { at: 1, kind: 'create' as const, node: 'a', count: 1, woken: null };
    const log = appendEvents(Array.from({ length: 4 }, () => event), [{ ...event, node: 'b' }, { ...event, node: 'c' }], 5);
    expect(log.map((entry) => entry.node)).toEqual(['a', 'a', 'a', 'b', 'c']);
    expect(appendEvents(log, [], 5)).toBe(log);
  });

  it('begins with what the explorer’s history tells of the time before the page opened, on the page’s clock', () => {
    const history = {
      // 0 held before the explorer followed the lock and released at 1000; 1 waited from 500 and held from 1000 to 2000; 2 queued at 900, left at 1500.
      holds: [
        { node: 'lock-0', sessionId: '0x1', client: null, mode: 'exclusive' as const, from: 0, to: 1000, ended: 'released' as const, before: true },
        { node: 'lock-1', sessionId: '0x2', client: null, mode: 'exclusive' as const, from: 1000, to: 2000, ended: 'released' as const, before: false },
      ],
      waits: [
        { node: 'lock-1', sessionId: '0x2', queuedAt: 500, heldAt: 1000, leftAt: null },
        { node: 'lock-2', sessionId: '0x3', queuedAt: 900, heldAt: null, leftAt: 1500 },
      ],
    };
    // The page's clock is 100 ms ahead of the explorer's, and it opened at 1600 on its own clock.
    const events = eventsBefore(history, 1600, 100);
    expect(events.map((event) => [event.at, event.kind, event.node])).toEqual([
      [600, 'create', 'lock-1'],
      [1000, 'create', 'lock-2'],
      [1100, 'delete', 'lock-0'],
      [1100, 'hold', 'lock-1'],
    ]);
    expect(events.every((event) => event.earlier === true)).toBe(true);
    // A release is a plain deletion; a hold ended by an expiry says so on its deletion.
    expect(events.find((event) => event.kind === 'delete' && event.node === 'lock-0')!.ended).toBe('released');
    const expired = eventsBefore({ ...history, holds: [{ ...history.holds[0]!, ended: 'session-expired' as const }] }, 3000, 100);
    expect(expired.find((event) => event.kind === 'delete' && event.node === 'lock-0')!.ended).toBe('session-expired');
    expect(expired.find((event) => event.kind === 'delete' && event.node === 'lock-2')!.ended).toBeUndefined();
  });
});
