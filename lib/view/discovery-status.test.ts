import { describe, expect, it } from 'vitest';
import type { LockList } from '../protocol';
import { discoveryLine } from './discovery-status';

function listOf(discovery: Partial<LockList['discovery']>, extra: Partial<LockList> = {}): LockList {
  return {
    roots: ['/'],
    locks: [],
    partial: false,
    partialReason: null,
    complete: true,
    scannedNodes: 0,
    discovery: {
      method: 'ephemerals',
      live: 'ephemerals-poll',
      pollMs: 1000,
      treeNotificationsPerSecond: null,
      notLocks: { count: 0, first: [] },
      ephemerals: { state: 'done', server: '127.0.0.1:2181', source: 'four-letter-words', nodes: 30_000, reason: null, at: 1000 },
      scan: { state: 'running', read: 412_000, total: 1_000_000, readsPerSecond: 10_000, startedAt: 1000, endedAt: null },
      ...discovery,
    },
    ...extra,
  };
}

describe('what the dashboard says of how its locks were found', () => {
  it('from the ephemeral nodes, with the scan for orphans going on and its progress', () => {
    const line = discoveryLine(listOf({}), 5000);
    expect(line.summary).toBe('0 locks · found among the 30,000 ephemeral nodes 127.0.0.1:2181 lists (listed again each second) · scanning for locks without a live contender');
    expect(line.progress).toBeCloseTo(0.412);
    expect(line.progressText).toBe('41% · 412,000 of about 1,000,000 znodes');
    expect(line.warning).toBeNull();
  });

  it('from a dump that listed no ephemeral node (the explorer started before its clients): no count of nothing', () => {
    const list = listOf({});
    const line = discoveryLine({ ...list, discovery: { ...list.discovery, ephemerals: { ...list.discovery.ephemerals, nodes: 0 } } }, 5000);
    expect(line.summary).toBe('0 locks · found among the ephemeral nodes 127.0.0.1:2181 lists (none now; listed again each second) · scanning for locks without a live contender');
  });

  it('by the scan where no member lists its ephemeral nodes, saying why and how to make it fast', () => {
    const line = discoveryLine(
      listOf({ method: 'scan', ephemerals: { state: 'refused', server: null, source: null, nodes: 0, reason: '127.0.0.1:2181: dump is not in 4lw.commands.whitelist, and no AdminServer is configured', at: 1 } }),
      5000,
    );
    expect(line.summary).toBe('0 locks so far · scanning the tree');
    expect(line.warning).toContain('dump is not in 4lw.commands.whitelist');
    expect(line.warning).toContain('10,000 znodes a second');
  });

  it('what a watch on the roots costs, where no member lists the ephemeral nodes: said once it is more than a trickle', () => {
    const refused = { state: 'refused' as const, server: null, source: null, nodes: 0, reason: '127.0.0.1:2181: dump is not in 4lw.commands.whitelist', at: 1 };
    const busy = discoveryLine(listOf({ method: 'scan', live: 'recursive-watch', pollMs: null, treeNotificationsPerSecond: 1_850, ephemerals: refused }), 5000);
    expect(busy.warning).toContain('ZooKeeper sends the explorer every write below them: 1,850 a second now');
    const quiet = discoveryLine(listOf({ method: 'scan', live: 'recursive-watch', pollMs: null, treeNotificationsPerSecond: 3, ephemerals: refused }), 5000);
    expect(quiet.warning).not.toContain('every write below them');
    expect(discoveryLine(listOf({ method: 'scan', live: 'recursive-watch', pollMs: null, treeNotificationsPerSecond: 1_850, ephemerals: refused }), 5000, 'zh').warning).toContain('现在每秒 1,850 次');
  });

  it('when the scan is done: how much it read, how long it took, how long ago', () => {
    const line = discoveryLine(listOf({ scan: { state: 'done', read: 1_000_000, total: 1_000_000, readsPerSecond: 10_000, startedAt: 1000, endedAt: 101_000 } }), 161_000);
    expect(line.summary).toBe('0 locks · found among the 30,000 ephemeral nodes 127.0.0.1:2181 lists (listed again each second) · last scan of the tree: 1,000,000 znodes in 1 min 40 s, 1 min ago');
    expect(line.progress).toBeNull();
  });

  it('the parents that look like locks and are not: how many, or the one by its path, in either language', () => {
    const done = { state: 'done' as const, read: 500, total: 500, readsPerSecond: 10_000, startedAt: 1000, endedAt: 2000 };
    const one = discoveryLine(listOf({ scan: done, notLocks: { count: 1, first: [{ path: '/isr_change_notification', layout: 'kafka/change-notifications' }] } }), 2000);
    expect(one.summary).toMatch(/ · 1 looks like a lock and is not \(\/isr_change_notification\): not followed$/);
    const many = discoveryLine(listOf({ scan: done, notLocks: { count: 1_204, first: [] } }), 2000, 'zh');
    expect(many.summary).toMatch(/ · 1,204 个看似锁而并非锁（通知队列、服务实例）：不跟踪$/);
    expect(discoveryLine(listOf({ scan: done }), 2000).summary).not.toContain('not followed');
  });

  it('a capped scan and child watches are said, never silent', () => {
    const line = discoveryLine(
      listOf({ live: 'child-watches', scan: { state: 'capped', read: 5, total: 9, readsPerSecond: 10, startedAt: 0, endedAt: 1 } }, { partial: true, partialReason: 'the scan stopped at 5 znodes (DISCOVERY_MAX_NODES)' }),
      2,
    );
    expect(line.summary).toContain('the scan stopped at 5 znodes');
    expect(line.warning).toContain('Partial: the scan stopped at 5 znodes (DISCOVERY_MAX_NODES).');
    expect(line.warning).toContain('child watch on every znode');
  });

  it('in Chinese, with the same figures', () => {
    const line = discoveryLine(listOf({}), 5000, 'zh');
    expect(line.summary).toBe('0 个锁 · 从 127.0.0.1:2181 列出的 30,000 个临时节点中找到（每秒重新列出） · 正在扫描没有存活竞争者的锁');
    expect(line.progressText).toBe('41% · 约 1,000,000 个 znode 中已读 412,000 个');
    const done = discoveryLine(listOf({ scan: { state: 'done', read: 1_000_000, total: 1_000_000, readsPerSecond: 10_000, startedAt: 1000, endedAt: 101_000 } }), 161_000, 'zh');
    expect(done.summary).toBe('0 个锁 · 从 127.0.0.1:2181 列出的 30,000 个临时节点中找到（每秒重新列出） · 上次扫描整棵树：1,000,000 个 znode，用时 1 分 40 秒，1 分钟前');
    const refused = discoveryLine(listOf({ method: 'scan', ephemerals: { state: 'refused', server: null, source: null, nodes: 0, reason: null, at: 1 } }), 5000, 'zh');
    expect(refused.summary).toBe('目前 0 个锁 · 正在扫描树');
    expect(refused.warning).toContain('没有哪个 ZooKeeper 成员愿意列出它的临时节点（dump 被拒绝）');
  });

  it('in replay, from the files, saying where the replay stopped short', () => {
    const files = { method: 'files' as const, live: 'none' as const, pollMs: null, treeNotificationsPerSecond: null, scan: { state: 'done' as const, read: 1_010_195, total: 1_010_195, readsPerSecond: 1, startedAt: null, endedAt: null } };
    expect(discoveryLine(listOf(files), 5000).summary).toBe("0 locks · from ZooKeeper's transaction log and snapshots, 1,010,195 znodes");
    const stopped = discoveryLine(listOf(files, { partial: true, partialReason: 'log.1: checksum mismatch at byte 200' }), 5000, 'zh');
    expect(stopped.summary).toBe('0 个锁 · 读取自 ZooKeeper 的事务日志与快照，共 1,010,195 个 znode');
    expect(stopped.warning).toContain('log.1: checksum mismatch at byte 200');
  });
});
