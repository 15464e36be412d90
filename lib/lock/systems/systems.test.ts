import { describe, expect, it } from 'vitest';
import type { ZnodeStat } from '../../protocol';
import { describeData } from '../data';
import { analyzeLock, auxiliaryParents, createReader } from '../reader';
import type { ChildRecord, LockInput, ParentListing } from '../recipes/recipe';
import { RECIPES } from '../recipes';
import { parentPath } from '../../zk/path';
import { SYSTEM_FIXTURES, json, proto, text, type SystemFixture } from './fixtures';
import { isNotALock, isSystemLock, noteIn, roleIn, systemCandidateIn, SYSTEMS } from '.';
import { isoTime, readProto } from './system';

interface Made {
  stat: ZnodeStat;
  data: Uint8Array | null;
}

const sessionOf = (contender: number): bigint => 0x1000000000000n + BigInt(contender) * 0x11n;

/** The tree the fixture's nodes make, as ZooKeeper would: sequences appended per parent, parents made persistent. */
function materialise(fixture: SystemFixture): Map<string, Made> {
  const tree = new Map<string, Made>();
  const counters = new Map<string, number>();
  const created: string[] = [];
  let zxid = 1;
  const make = (path: string, owner: bigint | null, data: Uint8Array | null): void => {
    const stat: ZnodeStat = {
      czxid: `0x${zxid.toString(16)}`,
      mzxid: `0x${zxid.toString(16)}`,
      pzxid: `0x${zxid.toString(16)}`,
      ctime: 1_700_000_000_000 + zxid,
      mtime: 1_700_000_000_000 + zxid,
      version: 0,
      cversion: 0,
      aversion: 0,
      ephemeralOwner: owner === null ? '0x0' : `0x${owner.toString(16)}`,
      dataLength: data?.length ?? 0,
      numChildren: 0,
    };
    zxid += 1;
    tree.set(path, { stat, data });
  };
  const ensure = (path: string): void => {
    if (path === '/' || tree.has(path)) return;
    ensure(parentPath(path));
    make(path, null, null);
  };
  for (const node of fixture.nodes) {
    const session = node.contender === null ? null : sessionOf(node.contender);
    let path = typeof node.path === 'string' ? node.path : node.path(session ?? 0n);
    ensure(parentPath(path));
    if (node.mode.endsWith('-sequential')) {
      const parent = parentPath(path);
      const next = counters.get(parent) ?? 0;
      counters.set(parent, next + 1);
      path = `${path}${String(next).padStart(10, '0')}`;
    }
    const data = typeof node.data === 'function' ? node.data(created) : node.data;
    make(path, node.mode.startsWith('persistent') ? null : session, data);
    created.push(path);
  }
  return tree;
}

function listing(tree: Map<string, Made>, path: string): ParentListing {
  const children: ChildRecord[] = [];
  for (const [child, made] of tree) {
    if (child !== path && parentPath(child) === path) children.push({ name: child.slice(child.lastIndexOf('/') + 1), stat: made.stat, data: describeData(made.data) });
  }
  return { path, exists: tree.has(path), children };
}

/** The lock at `lock` (the fixture's own by default) read as the server reads it: its node, its children, and the other parents the reader asks for. */
function inputOf(fixture: SystemFixture, lock = fixture.lock): LockInput {
  const tree = materialise(fixture);
  const root = listing(tree, lock);
  const self = tree.get(lock);
  const selfData = self === undefined ? null : describeData(self.data);
  const auxiliary = auxiliaryParents(lock, root.children.map((record) => record.name), selfData).map((path) => listing(tree, path));
  return { path: lock, self: self === undefined ? null : { stat: self.stat, data: selfData }, root, auxiliary, hint: null };
}

describe('the locks of real systems, as their sources make them', () => {
  it.each(SYSTEM_FIXTURES.map((fixture) => [`${fixture.system} ${fixture.layout} at ${fixture.lock}`, fixture] as const))('%s: named, with its role and its holder as the system names it', (_name, fixture) => {
    const { recipe, nodes } = analyzeLock(inputOf(fixture), { previous: null, now: 0 });
    expect(recipe.id).toBe(fixture.expect.recipe);
    expect(recipe.system).toBe(fixture.expect.system);
    expect(recipe.role).toContain(fixture.expect.role);
    expect(nodes.map((node) => node.identity)).toEqual(fixture.expect.identities);
    expect(nodes[0]!.role).toBe('holder');
    if (fixture.expect.decoded !== undefined) expect(nodes[0]!.decoded).toMatchObject(fixture.expect.decoded);
    if (fixture.expect.note !== undefined) {
      expect(noteIn('en', recipe)).toContain(fixture.expect.note);
      // The page's other language says the same note, with the same names, in none of the English words.
      const zh = noteIn('zh', recipe)!;
      for (const value of Object.values(recipe.systemNote!.values)) expect(zh).toContain(value);
      expect(zh).not.toMatch(/\b(names|holder|leader node|still)\b/);
    }
    for (const other of fixture.expect.alsoListed ?? []) {
      const also = analyzeLock(inputOf(fixture, other.lock), { previous: null, now: 0 });
      expect([also.recipe.id, also.recipe.system]).toEqual([other.recipe, other.system]);
      expect(also.recipe.role).toContain(other.role);
      expect(also.nodes.map((node) => node.identity)).toEqual(other.identities);
    }
  });

  it('says every role in Chinese too, from the layout that named it, the holder’s identity as in English', () => {
    for (const fixture of SYSTEM_FIXTURES) {
      const { recipe, nodes } = analyzeLock(inputOf(fixture), { previous: null, now: 0 });
      expect(roleIn('en', recipe, fixture.lock, nodes[0]!)).toBe(recipe.role);
      const zh = roleIn('zh', recipe, fixture.lock, nodes[0]!)!;
      expect(zh, fixture.lock).not.toBe(recipe.role);
      expect(zh, fixture.lock).toMatch(/[\u4e00-\u9fff]/);
    }
    const hadoop = SYSTEM_FIXTURES[0]!;
    const { recipe, nodes } = analyzeLock(inputOf(hadoop), { previous: null, now: 0 });
    expect(roleIn('zh', recipe, hadoop.lock, nodes[0]!)).toBe('nameservice mycluster 的 HDFS NameNode 故障切换：持有者的 NameNode 为 active');
  });

  it('follows every single-node layout as a lock of its own (the discovery reads them though their siblings are no lock)', () => {
    for (const fixture of SYSTEM_FIXTURES) {
      const selfLock = fixture.nodes.some((node) => node.path === fixture.lock);
      expect(isSystemLock(fixture.lock), fixture.lock).toBe(selfLock && !fixture.lock.endsWith('/brokers/ids') && !fixture.lock.endsWith('/backup-masters'));
    }
  });

  it('each system cites the files of its source', () => {
    for (const system of SYSTEMS) {
      expect(system.sources.length, system.id).toBeGreaterThan(0);
      expect(SYSTEM_FIXTURES.some((fixture) => fixture.system === system.id), `${system.id} has a fixture`).toBe(true);
    }
  });
});

describe('named only as far as the names and data prove', () => {
  const single = (path: string, data: Uint8Array | null): LockInput => {
    const stat: ZnodeStat = { czxid: '0x1', mzxid: '0x1', pzxid: '0x1', ctime: 1, mtime: 1, version: 0, cversion: 0, aversion: 0, ephemeralOwner: '0x1000000000000', dataLength: 0, numChildren: 0 };
    return { path, self: { stat, data: describeData(data) }, root: { path, exists: true, children: [] }, auxiliary: [], hint: null };
  };

  it('a node named controller whose data is no Kafka JSON is a single-node lock that may be Kafka’s, not named Kafka’s', () => {
    const { recipe, nodes } = analyzeLock(single('/app/controller', text('whoever')), { previous: null, now: 0 });
    expect(recipe.id).toBe('single-node');
    expect(recipe.system).toBeNull();
    expect(recipe.candidates.some((candidate) => candidate.startsWith('Apache Kafka'))).toBe(true);
    expect(nodes[0]!.identity).toBeNull();
    // The page says the candidate in its language, from the path; a candidate that is no system's is left to the client names.
    const kafka = recipe.candidates.find((candidate) => candidate.startsWith('Apache Kafka'))!;
    expect(systemCandidateIn('en', kafka, '/app/controller')).toBe(kafka);
    const zh = systemCandidateIn('zh', kafka, '/app/controller')!;
    expect(zh.startsWith('Apache Kafka (ZooKeeper mode): ')).toBe(true);
    expect(zh).not.toBe(kafka);
    expect(systemCandidateIn('zh', 'Curator InterProcessMutex', '/app/controller')).toBeNull();
  });

  it('Kafka below a chroot is named from its data', () => {
    const { recipe, nodes } = analyzeLock(single('/kafka/prod/controller', json({ version: 2, brokerid: 12, timestamp: '1700000000000', kraftControllerEpoch: -1 })), { previous: null, now: 0 });
    expect(recipe.system).toBe('Apache Kafka (ZooKeeper mode)');
    expect(nodes[0]!.identity).toBe('broker 12');
    expect(nodes[0]!.decoded).toMatchObject({ 'KRaft controller epoch': '-1', version: '2' });
  });

  it('an HBase master node whose data is not HBase’s stays unnamed', () => {
    const { recipe } = analyzeLock(single('/hbase/master', text('not protobuf')), { previous: null, now: 0 });
    expect(recipe.system).toBeNull();
  });

  it('a Curator latch at …/latch outside /flink lists Flink among the candidates only', () => {
    const { recipe } = analyzeLock(
      {
        path: '/services/latch',
        self: null,
        root: { path: '/services/latch', exists: true, children: [{ name: '_c_2b3c4d5e-6f70-4b8c-9d0e-1f2a3b4c5d6e-latch-0000000000', stat: single('/x', null).self!.stat, data: null }] },
        auxiliary: [],
        hint: null,
      },
      { previous: null, now: 0 },
    );
    expect(recipe.id).toBe('curator-latch');
    expect(recipe.system).toBeNull();
    expect(recipe.candidates.some((candidate) => candidate.startsWith('Apache Flink'))).toBe(true);
  });

  it('an elected holder is not called stale however long it leads; a held table lock is', async () => {
    const { lockAnomalies } = await import('../anomalies');
    const kafka = SYSTEM_FIXTURES.find((one) => one.layout === 'controller')!;
    const table = SYSTEM_FIXTURES.find((one) => one.layout === 'table-lock')!;
    const day = 86_400_000;
    const stale = (fixture: SystemFixture): string[] => {
      const { recipe, nodes } = analyzeLock(inputOf(fixture), { previous: null, now: 0 });
      return lockAnomalies({ path: fixture.lock, recipe, nodes }, { now: 1_700_000_000_000 + day, staleHolderMs: 60_000, deadlocks: [] }).map((one) => one.kind);
    };
    expect(stale(kafka)).not.toContain('stale-holder');
    expect(stale(table)).toContain('stale-holder');
  });

  it('a lock no system has is as before: no system, no role, no identities', () => {
    const { recipe, nodes } = analyzeLock(single('/locks/job-7', text('10.0.0.1')), { previous: null, now: 0 });
    expect([recipe.system, recipe.role, recipe.systemNote]).toEqual([null, null, null]);
    expect(nodes[0]!.identity).toBeNull();
  });

  it('a system’s nodes that make no lock are said so (a notification queue, a service’s instances); every lock of a system is not', () => {
    for (const fixture of SYSTEM_FIXTURES) {
      const { recipe } = analyzeLock(inputOf(fixture), { previous: null, now: 0 });
      expect(isNotALock(recipe.systemLayout), fixture.lock).toBe(fixture.expect.notALock === true);
    }
  });

  it('a lock whose path or data only looks like them is still a lock: its nodes ephemeral, or not Curator’s instances, and no such candidate', () => {
    const stat = single('/x', null).self!.stat;
    const childrenOf = (path: string, children: Array<{ name: string; data: Uint8Array | null }>): LockInput => ({
      path,
      self: null,
      root: { path, exists: true, children: children.map((child) => ({ name: child.name, stat, data: describeData(child.data) })) },
      auxiliary: [],
      hint: null,
    });
    // Someone's lock of ephemeral sequential nodes under a queue's name.
    const queue = analyzeLock(childrenOf('/isr_change_notification', [{ name: 'isr_change_0000000001', data: null }]), { previous: null, now: 0 });
    expect(queue.recipe.id).toBe('generic');
    expect(isNotALock(queue.recipe.systemLayout)).toBe(false);
    // One ephemeral node per resource whose data is a host, not a ServiceInstance.
    const hosts = analyzeLock(childrenOf('/services/jobs', [{ name: 'job-7', data: text('10.0.0.1') }, { name: 'job-8', data: json({ name: 'job-8', host: 'h' }) }]), { previous: null, now: 0 });
    expect([hosts.recipe.id, hosts.recipe.system, isNotALock(hosts.recipe.systemLayout)]).toEqual(['single-node', null, false]);
    expect(hosts.recipe.candidates.some((candidate) => candidate.includes('service discovery'))).toBe(false);
  });

  it('a reader without systems names none', () => {
    const bare = createReader(RECIPES, []);
    const fixture = SYSTEM_FIXTURES.find((one) => one.system === 'kafka')!;
    expect(bare.analyzeLock(inputOf(fixture), { previous: null, now: 0 }).recipe.system).toBeNull();
  });
});

describe('isoTime', () => {
  it('writes a time as Date#toISOString does, without Date: leap days, ends of centuries and of days', () => {
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(951_782_400_000)).toBe('2000-02-29T00:00:00.000Z');
    expect(isoTime(1_700_000_000_000)).toBe('2023-11-14T22:13:20.000Z');
    expect(isoTime(4_102_444_799_999)).toBe('2099-12-31T23:59:59.999Z');
    expect(isoTime(1_709_208_000_123)).toBe('2024-02-29T12:00:00.123Z');
  });
});

describe('readProto', () => {
  it('reads what protobuf-java writes: strings, varints, nested messages', () => {
    const message = readProto(proto([[1, 'a'], [4, 8020], [2, proto([[1, 'x']])]]))!;
    expect(message.get(4)).toBe(8020n);
    expect(readProto(message.get(2) as Uint8Array)!.get(1)).toEqual(text('x'));
  });

  it('refuses bytes that are no message', () => {
    expect(readProto(text('{"brokerid":3}'))).toBeNull();
    expect(readProto(Uint8Array.from([0x0a, 0x05, 0x61]))).toBeNull();
  });
});

