import { describe, expect, it } from 'vitest';
import type { LockSnapshot } from '../protocol';
import { formatSequence } from './sequence';
import { lcg, record, snapshotOf } from '../testing/records';
import { applyDelta, diffSnapshots } from './delta';
import { buildSnapshot } from './queue';

/** A snapshot at `version` of a lock with these children (no previous snapshot, so times stay fixed). */
function lock(version: number, names: string[], exists = true): LockSnapshot {
  const snapshot = exists
    ? snapshotOf('/app/lock', names.map((name) => record(name)))
    : buildSnapshot({ path: '/app/lock', self: null, root: { path: '/app/lock', exists: false, children: [] }, auxiliary: [] }, null, 0);
  return { ...snapshot, version };
}

describe('diffSnapshots', () => {
  it('sends nothing when nothing changed', () => {
    expect(diffSnapshots(lock(4, ['lock-0000000001']), lock(5, ['lock-0000000001']))).toBeNull();
  });

  it('carries only the node that came when a waiter joins the tail', () => {
    const delta = diffSnapshots(lock(0, ['lock-0000000001', 'lock-0000000002']), lock(1, ['lock-0000000001', 'lock-0000000002', 'lock-0000000003']));
    expect(delta?.added.map((node) => node.name)).toEqual(['lock-0000000003']);
    expect(delta?.removed).toEqual([]);
    expect(delta?.updated).toEqual([]);
    expect(delta?.version).toBe(1);
  });

  it('on a handover carries the released holder and the promoted waiter only', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `lock-${formatSequence(i)}`);
    const delta = diffSnapshots(lock(7, names), lock(8, names.slice(1)));
    expect(delta?.removed).toEqual(['lock-0000000000']);
    expect(delta?.updated.map((node) => [node.name, node.role, node.predecessor])).toEqual([['lock-0000000001', 'holder', null]]);
    expect(delta?.added).toEqual([]);
  });

  it('reports the parent vanishing', () => {
    const delta = diffSnapshots(lock(2, ['lock-0000000001']), lock(3, [], false));
    expect(delta).toMatchObject({ exists: false, removed: ['lock-0000000001'] });
  });
});

describe('applyDelta', () => {
  it('rebuilds exactly the next snapshot from the previous one, over a long random history', () => {
    const random = lcg(20261122);
    let counter = 0;
    let live: string[] = [];
    let server = lock(0, []);
    let browser = server;
    for (let step = 0; step < 400; step += 1) {
      const roll = random();
      if (roll < 0.5 || live.length === 0) {
        live = [...live, `_c_${Math.floor(random() * 1e9)}-lock-${formatSequence(counter++)}`];
      } else {
        const victim = Math.floor(random() * live.length);
        live = live.filter((_, index) => index !== victim);
      }
      const exists = random() > 0.02;
      const next = lock(server.version + 1, exists ? live : [], exists);
      const delta = diffSnapshots(server, next);
      if (delta === null) continue;
      server = next;
      browser = applyDelta(browser, delta);
      expect(browser).toEqual(server);
    }
    expect(counter).toBeGreaterThan(100);
  });

  it('keeps the node list itself through a delta that changes only the anomalies or the read', () => {
    const before = lock(0, ['lock-0000000001', 'lock-0000000002']);
    const after = applyDelta(before, { path: before.path, version: 1, exists: true, added: [], removed: [], updated: [], recipe: null, anomalies: null, read: { at: 9, pzxid: '0x9' } });
    expect(after.nodes).toBe(before.nodes);
    expect(after).toEqual({ ...before, version: 1, read: { at: 9, pzxid: '0x9' } });
  });

  it('refuses a delta that skips a version, so that the client asks for a new snapshot', () => {
    const delta = diffSnapshots(lock(1, []), lock(2, ['lock-0000000001']));
    expect(delta).not.toBeNull();
    expect(() => applyDelta(lock(0, []), delta!)).toThrow(/does not follow/);
  });

  it('refuses a delta of another lock', () => {
    const delta = diffSnapshots(lock(0, []), lock(1, ['lock-0000000001']))!;
    expect(() => applyDelta({ ...lock(0, []), path: '/other' }, delta)).toThrow(/applied to/);
  });
});
