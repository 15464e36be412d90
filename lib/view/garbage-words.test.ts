import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/messages';
import { CleanupSkipSchema, GarbageAdviceSchema, type CleanupRun } from '../protocol';
import { laterRun, sureWord, adviceWords, agoWords, cleanButtonWords, cleanupProgress, cleanupReport, dryRunWords, garbageLine, idleWords, IDLE_CHOICES_MS, leakWhyWords, leftByWords, nameInGroup, skipWords, sureWords, zkCliFileName } from './garbage-words';

const en = translator('en');
const zh = translator('zh');

const run = (changes: Partial<CleanupRun> = {}): CleanupRun => ({
  id: 1,
  state: 'running',
  groups: ['/kazoo/locks'],
  planned: 30,
  recent: 0,
  deleted: 0,
  skipped: {},
  skippedPaths: [],
  left: 30,
  rate: 200,
  startedAt: 1_000_000,
  endedAt: null,
  error: null,
  ...changes,
});

describe('what stops a pile of empty parents', () => {
  it('has short and whole advice for every recipe family, in both languages', () => {
    for (const advice of GarbageAdviceSchema.options) {
      for (const t of [en, zh]) {
        const words = adviceWords(t, advice);
        expect(words.short, advice).not.toBe('');
        expect(words.long.length, advice).toBeGreaterThan(words.short.length);
      }
    }
  });

  it('tells a Kazoo pile why the clean-up leaves parents emptied lately', () => {
    const { short, long } = adviceWords(en, 'kazoo');
    expect(short).toBe('Kazoo never removes its lock parents');
    expect(long).toContain('ensure_path');
    expect(long).toContain('NoNodeError');
    expect(long).toContain('leaves the parents emptied lately');
    expect(adviceWords(en, 'curator').long).toContain('creatingParentContainersIfNeeded');
    expect(adviceWords(en, 'writelock').long).toContain('CreateMode.CONTAINER');
    expect(adviceWords(zh, 'container').long).toContain('CreateMode.CONTAINER');
    expect(adviceWords(en, 'unknown').long).toContain('stat alone');
  });
});

describe('how sure a group is', () => {
  it('says one way in a word where every parent is known the same way', () => {
    expect(sureWords(en, { seen: 0, files: 0, stat: 30 }).text).toBe('stat alone');
    expect(sureWords(en, { seen: 4, files: 0, stat: 0 }).text).toBe('seen emptying');
  });

  it('counts each way where they differ, the surest first, and explains each in the title', () => {
    const words = sureWords(en, { seen: 12, files: 0, stat: 1_203 });
    expect(words.text).toBe('12 seen emptying · 1,203 stat alone');
    expect(words.title).toBe('The explorer followed the lock and saw its last contender go. Only its stat says so: persistent, no data, no children, and children once.');
    expect(sureWords(zh, { seen: 1, files: 2, stat: 0 }).text).toBe('1 个亲眼看到变空 · 2 个来自 ZooKeeper 的文件');
  });

  it('says how one parent is known', () => {
    expect(sureWord(en, 'files')).toEqual({ text: 'from ZooKeeper’s files', title: 'ZooKeeper’s transaction log shows contenders of a lock here.' });
  });
});

describe('the recipe that left a group', () => {
  it('is named as people know it, and said as not known where no recipe is', () => {
    expect(leftByWords('en', en, 'kazoo-lock')).toBe('Kazoo Lock');
    expect(leftByWords('en', en, 'curator-mutex')).toBe('Curator lock (InterProcessMutex layout)');
    expect(leftByWords('zh', zh, 'zk-writelock')).toBe('ZooKeeper 配方库的 WriteLock');
    expect(leftByWords('en', en, null)).toBe('not known');
    expect(leftByWords('zh', zh, null)).toBe('未知');
  });
});

describe('leaked nodes and skipped parents in words', () => {
  it('says why a node is taken as leaked', () => {
    expect(leakWhyWords(en, 'queued-again')).toBe('its session queued again behind it');
    expect(leakWhyWords(en, 'watches-nothing')).toBe('it waits, but no watch will wake it');
  });

  it('has a reason for every way a parent can be left', () => {
    for (const why of CleanupSkipSchema.options) {
      expect(skipWords(en, why)).not.toBe('');
      expect(skipWords(zh, why)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(skipWords(en, 'not-empty')).toBe('a contender came back');
  });
});

describe('times and counts', () => {
  it('says how long ago against the view’s clock, never in the future', () => {
    expect(agoWords(en, 10_000_000, 10_000_000 - 3 * 3_600_000 - 5 * 60_000)).toBe('3 h 5 min ago');
    expect(agoWords(en, 1000, 5000)).toBe('0 s ago');
    expect(agoWords(zh, 61_000, 0)).toBe('1 分 1 秒前');
  });

  it('puts only what there is on the dashboard, with thousands separators, and nothing where there is none', () => {
    expect(garbageLine(en, { emptyParents: 12_345, leaked: 2, ghosts: 0, persistentInLocks: 0 })).toBe('12,345 empty lock parents · 2 leaked nodes');
    expect(garbageLine(en, { emptyParents: 1, leaked: 0, ghosts: 0, persistentInLocks: 1 })).toBe('1 empty lock parent · 1 persistent node in a lock');
    expect(garbageLine(en, { emptyParents: 0, leaked: 0, ghosts: 0, persistentInLocks: 0 })).toBeNull();
    expect(garbageLine(zh, { emptyParents: 0, leaked: 3, ghosts: 1, persistentInLocks: 0 })).toBe('3 个泄漏的节点 · 1 个幽灵节点');
  });

  it('offers no idleness, the server’s minute, and longer', () => {
    expect(IDLE_CHOICES_MS.map((ms) => idleWords(en, ms))).toEqual(['none: every empty parent', '1 min', '10 min', '1 h', '1 d']);
  });
});

describe('a clean-up', () => {
  it('counts the skipped with the deleted as its progress', () => {
    expect(cleanupProgress(run({ deleted: 10, skipped: { 'not-empty': 2, gone: 3 } }))).toEqual({ handled: 15, planned: 30, fraction: 0.5 });
    expect(cleanupProgress(run({ planned: 0 })).fraction).toBe(1);
  });

  it('reports what it deleted, what it left and why, and what it left out of its plan', () => {
    const report = cleanupReport(en, run({ state: 'done', deleted: 27, skipped: { 'not-empty': 2, changed: 1 }, left: 0, recent: 4, endedAt: 1_090_000 }), 1_150_000);
    expect(report.headline).toBe('Clean-up done: 27 deleted, 3 skipped, 0 left.');
    expect(report.scope).toBe('Of /kazoo/locks, ended 1 min ago.');
    expect(report.skipped).toEqual(['1 changed since they were read', '2 a contender came back']);
    expect(report.recent).toBe('4 emptied lately were left out of the plan.');
  });

  it('says a stopped or failed run so, with the error', () => {
    expect(cleanupReport(en, run({ state: 'stopped', deleted: 5, left: 25, groups: null }), 1_000_000)).toMatchObject({ headline: 'Clean-up stopped: 5 deleted, 0 skipped, 25 left.', scope: 'Of every group, started 0 s ago.', recent: null });
    expect(cleanupReport(en, run({ state: 'failed', error: 'CONNECTION_LOSS', deleted: 1, left: 29 }), 1_000_000).headline).toBe('Clean-up failed (CONNECTION_LOSS): 1 deleted, 0 skipped, 29 left.');
  });

  it('says what the dry run deletes and how many of the group it leaves as emptied lately', () => {
    expect(dryRunWords(en, 30, 0)).toEqual({ count: '30 empty parents would be deleted.', recent: null });
    expect(dryRunWords(en, 1, 3)).toEqual({ count: '1 empty parent would be deleted.', recent: '3 emptied lately are left.' });
    expect(dryRunWords(en, 0, 2).count).toBe('None would be deleted now.');
    expect(cleanButtonWords(en, 1_200)).toBe('Clean up 1,200 empty parents');
  });
});

describe('two reads of a clean-up', () => {
  it('keeps the newer run, and of one run the read further along', () => {
    const first = run({ id: 1, state: 'done', deleted: 30, left: 0 });
    const second = run({ id: 2, deleted: 3 });
    expect(laterRun(first, second)).toBe(second);
    expect(laterRun(second, null)).toBe(second);
    const ended = run({ id: 2, state: 'done', deleted: 30, left: 0 });
    expect(laterRun(ended, second)).toBe(ended);
    expect(laterRun(second, ended)).toBe(ended);
    const further = run({ id: 2, deleted: 10, skipped: { gone: 1 } });
    expect(laterRun(second, further)).toBe(further);
  });
});

describe('paths of a group', () => {
  it('names a parent by what follows its group’s path', () => {
    expect(nameInGroup('/kazoo/locks/billing-export-4f3a', '/kazoo/locks')).toBe('billing-export-4f3a');
    expect(nameInGroup('/job-1', '/')).toBe('job-1');
    expect(nameInGroup('/elsewhere/x', '/kazoo')).toBe('/elsewhere/x');
  });

  it('makes a file name of any group path', () => {
    expect(zkCliFileName('/kazoo/locks')).toBe('zk-delete-empty-parents-kazoo_locks.txt');
    expect(zkCliFileName('/')).toBe('zk-delete-empty-parents.txt');
    expect(zkCliFileName('/a b/ü')).toBe('zk-delete-empty-parents-a-b_-.txt');
  });
});
