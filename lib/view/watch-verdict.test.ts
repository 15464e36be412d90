import { describe, expect, it } from 'vitest';
import type { LockNode } from '../protocol';
import { describeWatchVerdict, outsideWatchers, watchVerdict } from './watch-verdict';

const waiter = (type: 'data' | 'children', watchConfirmed: boolean | null, client: string | null = '10.0.0.1:1'): LockNode =>
  ({ role: 'waiter', watch: { type, path: '/l/x' }, watchConfirmed, client }) as LockNode;

describe('the watch verdict of a lock', () => {
  it('says every watch is confirmed when it is', () => {
    expect(describeWatchVerdict(watchVerdict([waiter('data', true), waiter('data', true)]))).toBe('ZooKeeper confirms the watch of every waiter (2).');
  });

  it('says what it cannot tell, and why, instead of nothing', () => {
    const verdict = watchVerdict([waiter('data', null, null), waiter('data', null), waiter('children', null), waiter('data', false)]);
    expect(verdict).toEqual({ checkable: 3, confirmed: 0, missing: 1, pending: 1, unreported: 1, children: 1 });
    const text = describeWatchVerdict(verdict)!;
    expect(text).toContain('1 waiter began to wait too recently');
    expect(text).toContain('has not reported the sessions of 1 waiter');
    expect(text).toContain('ZooKeeper does not report');
  });

  it('says it in Chinese', () => {
    const text = describeWatchVerdict(watchVerdict([waiter('data', true), waiter('data', null), waiter('children', null)]), 'zh')!;
    expect(text).toBe('ZooKeeper 确认了 1 个等待者的监听。1 个等待者刚开始等待，还无法判断：ZooKeeper 每隔几秒会再被询问一次。1 个等待者监听父节点的子节点，ZooKeeper 不报告这种监听：无法核实。');
  });

  it('says once, where ZooKeeper reports no watches at all, that they cannot be known rather than not reported yet', () => {
    const verdict = watchVerdict([waiter('data', null, null), waiter('data', null, null)]);
    expect(describeWatchVerdict(verdict, 'en', true)).toBe('ZooKeeper reports no watches here, so whether the recipe’s watch is really set cannot be known for 2 waiters: see below what can be.');
    expect(describeWatchVerdict(verdict, 'zh', true)).toBe('ZooKeeper 在这里不报告监听，所以无法知道 2 个等待者的配方监听是否真的设置了：能知道什么见下文。');
  });

  it('has nothing to say of a lock without waiters', () => {
    expect(describeWatchVerdict(watchVerdict([]))).toBeNull();
  });
});

describe('sessions that watch a node without one of their own', () => {
  const node = (name: string, sessionId: string, watchers: string[] | null): LockNode => ({ name, sessionId, watchers }) as LockNode;

  it('are named per node; the lock’s own owners (a chain’s next waiter) are not', () => {
    const outside = outsideWatchers([node('lock', '0xa', ['0xb', '0xc', '0xd']), node('lock-1', '0xb', null), node('lock-2', '0xe', [])]);
    expect([...outside]).toEqual([['lock', ['0xc', '0xd']]]);
  });
});
