import { describe, expect, it } from 'vitest';
import { describeAnomaly } from '../i18n/messages';
import { summarizeUnreadable, unreadableAnomaly } from './unreadable';

const clients = new Map([['0x1', '10.0.0.1:5000']]);
const clientOf = (sessionId: string): string | null => clients.get(sessionId) ?? null;

describe('a lock ZooKeeper will not let the explorer read, from its ephemeral nodes alone', () => {
  it('reads a Curator mutex by its names: the lowest sequence holds, the rest wait, whatever order dump lists them in', () => {
    const nodes = [
      { name: '_c_2b6c1f0e-9d1a-4c43-8f57-0b5a4a1d9e21-lock-0000000007', sessionId: '0x3' },
      { name: '_c_9f1d7a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6-lock-0000000002', sessionId: '0x1' },
      { name: '_c_0a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d-lock-0000000005', sessionId: '0x2' },
    ];
    const summary = summarizeUnreadable('/secure/lock', nodes, clientOf);
    expect(summary).toMatchObject({
      path: '/secure/lock',
      exists: true,
      holders: ['_c_9f1d7a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6-lock-0000000002'],
      holderSessions: ['0x1'],
      holderClients: ['10.0.0.1:5000'],
      queueLength: 2,
      holderSince: null,
      anomalies: 1,
      anomalyKinds: ['no-auth'],
    });
    expect(summary.recipe.id).toBe('curator-mutex');
    expect(summary.recipe.note).toContain('NoAuth');
  });

  it('reads a Kazoo read-write lock by its names: a reader behind a writer waits', () => {
    const nodes = [
      { name: 'a1__lock__0000000000', sessionId: '0x1' },
      { name: 'b2__rlock__0000000001', sessionId: '0x2' },
    ];
    expect(summarizeUnreadable('/secure/rw', nodes, clientOf)).toMatchObject({ holderSessions: ['0x1'], queueLength: 1 });
  });

  it('names no holder where the names cannot tell who holds (plain names, no sequence)', () => {
    const nodes = [
      { name: 'worker-a', sessionId: '0x1' },
      { name: 'worker-b', sessionId: '0x2' },
    ];
    expect(summarizeUnreadable('/secure/members', nodes, clientOf)).toMatchObject({ holders: [], holderSessions: [], queueLength: 2 });
  });

  it('says what it is and what would read it, in both languages', () => {
    const anomaly = unreadableAnomaly([{ name: 'lock-0000000000', sessionId: '0x1' }, { name: 'lock-0000000001', sessionId: '0x2' }]);
    expect(anomaly).toEqual({ kind: 'no-auth', node: null, params: { contenders: 2 } });
    expect(describeAnomaly('en', anomaly.kind, anomaly.params)).toMatchObject({ label: 'Not readable (NoAuth)' });
    expect(describeAnomaly('en', anomaly.kind, anomaly.params).message).toContain('2 contenders');
    expect(describeAnomaly('zh', anomaly.kind, anomaly.params).message).toContain('2 个竞争者');
  });
});
