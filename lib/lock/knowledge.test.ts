import { describe, expect, it } from 'vitest';
import { describeKnowledge } from '../view/knowledge';
import { KnowledgeSchema } from '../protocol';
import { knowledgeOf, type Answered } from './knowledge';

const CLOSED = 'wchc, cons, mntr not in 4lw.commands.whitelist, and no AdminServer is configured (ZK_ADMIN_PORT, ZK_ADMIN_URLS)';

/** What the members of a ZooKeeper as 3.10 will ship answer: only srvr, no AdminServer. */
function srvrOnly(): Answered {
  return {
    introspection: {
      reason: `no ZooKeeper member said which sessions watch what: 127.0.0.1:2181: ${CLOSED}`,
      servers: [{ server: '127.0.0.1:2181', ok: false, error: CLOSED, source: null, refused: 'wchc, cons, mntr not in 4lw.commands.whitelist' }],
    },
    monitor: false,
    expiries: false,
    discovery: { method: 'scan', live: 'recursive-watch', treeNotificationsPerSecond: 240.4, ephemerals: { state: 'refused', server: null, source: null, nodes: 0, reason: 'dump is not in 4lw.commands.whitelist', at: 1 } },
  };
}

function allOpen(): Answered {
  return {
    introspection: { reason: null, servers: [{ server: '127.0.0.1:2181', ok: true, error: null, source: 'four-letter-words', refused: null }] },
    monitor: true,
    expiries: true,
    discovery: { method: 'ephemerals', live: 'ephemerals-poll', treeNotificationsPerSecond: null, ephemerals: { state: 'done', server: '127.0.0.1:2181', source: 'four-letter-words', nodes: 3, reason: null, at: 1 } },
  };
}

describe('what can be known where ZooKeeper answers only srvr', () => {
  it('knows the queues, owners, data, recipe watches, deadlocks and new locks; not watches, other watchers, addresses, connections, expiries, herds or counts', () => {
    const knowledge = knowledgeOf(srvrOnly())!;
    expect(KnowledgeSchema.parse(knowledge)).toEqual(knowledge);
    expect(knowledge).toEqual({
      cause: 'refused',
      reason: `no ZooKeeper member said which sessions watch what: 127.0.0.1:2181: ${CLOSED}`,
      known: ['queues', 'owners', 'data-clients', 'recipe-watches', 'deadlocks', 'new-locks'],
      unknown: ['watches-set', 'other-watchers', 'client-addresses', 'sessions-connected', 'session-expiry', 'herd-wakeups', 'watch-counts'],
      newLocks: { live: 'recursive-watch', treeNotificationsPerSecond: 240.4 },
    });
  });

  it('says it in English and Chinese, the watch on the roots with its cost', () => {
    const en = describeKnowledge(knowledgeOf(srvrOnly())!, 'en');
    expect(en.title).toBe('ZooKeeper reports no sessions or watches here: what can and cannot be known');
    expect(en.known).toContain('new locks, through a watch on the lock roots, for which ZooKeeper sends the explorer every write below them: 240 a second now');
    expect(en.unknown).toEqual([
      'whether any waiter’s watch is really set (wchc)',
      'who else watches a node (wchc)',
      'where each session connects from, as ZooKeeper sees it (cons)',
      'whether a holder’s session is still connected (cons)',
      'when ZooKeeper will expire a session whose client is gone (cons, dump)',
      'which waiters a release wakes: a herd’s wake-ups (cons, mntr)',
      'the server’s own watch counts (mntr)',
    ]);
    expect(en.reason).toMatch(/^What the members answered: no ZooKeeper member said/);
    const zh = describeKnowledge(knowledgeOf(srvrOnly())!, 'zh');
    expect(zh.title).toBe('ZooKeeper 在这里不报告会话和监听：哪些能知道，哪些不能');
    expect(zh.known).toHaveLength(6);
    expect(zh.unknown[0]).toBe('任何等待者的监听是否真的设置了（wchc）');
  });
});

describe('what can be known elsewhere', () => {
  it('nothing is said where every member reports everything', () => {
    expect(knowledgeOf(allOpen())).toBeNull();
  });

  it('only the counts are missing where mntr alone is refused', () => {
    const answered = allOpen();
    const knowledge = knowledgeOf({ ...answered, monitor: false, introspection: { ...answered.introspection, servers: [{ ...answered.introspection.servers[0]!, refused: 'mntr not in 4lw.commands.whitelist' }] } });
    expect(knowledge).toMatchObject({ cause: 'partial', reason: '127.0.0.1:2181: mntr not in 4lw.commands.whitelist', unknown: ['watch-counts'], newLocks: { live: 'ephemerals-poll', treeNotificationsPerSecond: null } });
  });

  it('nothing of ZooKeeper is known where the explorer does not ask it (INTROSPECT_INTERVAL_MS=0)', () => {
    const answered = srvrOnly();
    const knowledge = knowledgeOf({ ...answered, introspection: { reason: 'not asked yet', servers: [] }, discovery: { ...answered.discovery, ephemerals: { ...answered.discovery.ephemerals, state: 'off' } } });
    expect(knowledge).toMatchObject({ cause: 'not-asked', reason: null });
    expect(knowledge!.unknown).toHaveLength(7);
    expect(describeKnowledge(knowledge!).howTo).toBe('To know them: set INTROSPECT_INTERVAL_MS above 0.');
  });

  it('nothing is said before the members were first asked, nor in replay', () => {
    const answered = srvrOnly();
    expect(knowledgeOf({ ...answered, introspection: { reason: 'not asked yet', servers: [] } })).toBeNull();
    expect(knowledgeOf({ ...answered, discovery: { ...answered.discovery, method: 'files', live: 'none' } })).toBeNull();
  });
});
