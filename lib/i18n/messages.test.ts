import { describe, expect, it } from 'vitest';
import { candidateName, CANDIDATES_ZH, CONNECTION_STATE_KEYS, describeAnomaly, guessLanguage, MESSAGES, reasonOf, sayReason, translate } from './messages';
import { RECIPES } from '../lock/recipes';
import { AnomalyKindSchema, REASON_KINDS, ZkConnectionStateSchema, type Reason } from '../protocol';

describe('the classroom in two languages', () => {
  it('has every message in Chinese, with the same placeholders as in English', () => {
    const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
    for (const [key, english] of Object.entries(MESSAGES.en)) {
      const chinese = MESSAGES.zh[key as keyof typeof MESSAGES.en];
      expect(chinese, key).toBeTruthy();
      expect(chinese, key).not.toBe(english);
      expect(placeholders(chinese), key).toEqual(placeholders(english));
    }
  });

  it('fills the placeholders, and leaves an unknown one as it is', () => {
    expect(translate('en', 'preparing', { n: 20 })).toBe('Starting 20 contenders per queue…');
    expect(translate('zh', 'preparing', { n: 20 })).toBe('正在为每个队列启动 20 个客户端…');
    expect(translate('en', 'theory', {})).toBe('theory {value}');
  });

  it('names every state of the session: in English by its own name, in Chinese in words', () => {
    for (const state of ZkConnectionStateSchema.options) {
      expect(translate('en', CONNECTION_STATE_KEYS[state])).toBe(state);
      expect(translate('zh', CONNECTION_STATE_KEYS[state])).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('recipes in the page language', () => {
  it('names every candidate client of every recipe in Chinese, in words or as its product name', () => {
    const candidates = RECIPES.flatMap((recipe) => [...('candidates' in recipe && recipe.candidates !== undefined ? recipe.candidates : [])]);
    expect(candidates.length).toBeGreaterThan(5);
    for (const candidate of candidates) expect(CANDIDATES_ZH[candidate], candidate).toBeDefined();
    // An English word of the candidate's own is not left on a Chinese page: what stays in Latin letters is a product's name.
    for (const candidate of candidates) expect(candidateName('zh', candidate), candidate).not.toMatch(/\b(a|of|the|with|lock|per|hand-written)\b/);
    expect(candidateName('en', 'a part of Curator InterProcessMultiLock')).toBe('a part of Curator InterProcessMultiLock');
  });
});

describe('anomalies in the page language', () => {
  it('says each known kind from its parameters, in English as the server sends it and in Chinese', () => {
    const params = { node: 'lock-0000000003', expected: 'lock-0000000002' };
    expect(describeAnomaly('en', 'no-watch', params)).toEqual({
      label: 'No watch seen',
      message:
        'lock-0000000003 waits, but ZooKeeper reports no watch of its session on lock-0000000002: it watches nothing, or only the parent’s children (ZooKeeper does not report child watches). If nothing, no release will ever wake it.',
    });
    expect(describeAnomaly('zh', 'no-watch', params)).toEqual({
      label: '未见监听',
      message: 'lock-0000000003 在等待，但 ZooKeeper 没有报告它的会话对 lock-0000000002 的监听：它什么都没监听，或只监听了父节点的子节点（ZooKeeper 不报告子节点监听）。如果什么都没监听，任何释放都不会唤醒它。',
    });
  });

  it('tells an owner of three or more nodes as a count, and has a sentence for every kind', () => {
    expect(describeAnomaly('en', 'orphan', { node: 'a', other: 'b', owner: 'session 0x1' }).message).toMatch(/^a and b belong to one owner \(session 0x1\)/);
    expect(describeAnomaly('zh', 'orphan', { node: 'a', count: 2, owner: 'session 0x1' }).message).toMatch(/^a 和另外 2 个节点属于同一个所有者（session 0x1）/);
    for (const kind of AnomalyKindSchema.options) expect(describeAnomaly('zh', kind, {}).label).not.toBe('');
    expect(describeAnomaly('zh', 'deadlock', { session: '0x2', holder: '0x1', locks: '/b', n: 2 }).message).toMatch(/^会话 0x2 在这里等待 0x1，而后者在 \/b 中等待/);
  });
});

describe('why an ensemble cannot be read, in the page language', () => {
  const PARAMS: Record<string, string | number> = { where: 'zk1:2281', code: 'CERT_HAS_EXPIRED', host: 'zk1', alert: 'bad certificate', detail: 'connect ECONNREFUSED 127.0.0.1:2281', user: 'explorer', error: 'AUTH_FAILED', principal: 'explorer@EXAMPLE.ORG', service: 'zookeeper/zk1', mechanism: 'SASL', max: 1_000_000, depth: 64, n: 3, count: 2, first: '/secure' };

  it('says every kind in both languages with each of its parameters, the Chinese in Chinese words', () => {
    for (const kind of REASON_KINDS) {
      const reason: Reason = { kind, params: PARAMS };
      const [english, chinese] = [sayReason('en', reason), sayReason('zh', reason)];
      expect(english, kind).not.toMatch(/\{\w+\}/);
      expect(chinese, kind).not.toMatch(/\{\w+\}/);
      expect(chinese, kind).toMatch(/[\u4e00-\u9fff]/);
      expect(chinese, kind).not.toBe(english);
    }
  });

  it('says in English what the API and the logs said before reasons had kinds', () => {
    expect(reasonOf('network', { where: '127.0.0.1:2281', detail: 'connect ECONNREFUSED 127.0.0.1:2281' }).reason).toBe('127.0.0.1:2281: connect ECONNREFUSED 127.0.0.1:2281');
    expect(reasonOf('tls-unsigned', { where: 'localhost:2281', code: 'SELF_SIGNED_CERT_IN_CHAIN' }).reason).toBe('TLS: the certificate of localhost:2281 is not signed by ZK_TLS_CA (SELF_SIGNED_CERT_IN_CHAIN)');
    expect(reasonOf('sasl-digest-refused', { user: 'explorer', error: 'AUTH_FAILED' }).reason).toBe('SASL: ZooKeeper refused user "explorer" (DIGEST-MD5, AUTH_FAILED): wrong user or password?');
    expect(reasonOf('noauth-locks', { n: 1 }).reason).toBe('1 lock ZooKeeper will not let the explorer read (NoAuth)');
    expect(reasonOf('noauth-locks', { n: 2 }).reason).toBe('2 locks ZooKeeper will not let the explorer read (NoAuth)');
    expect(reasonOf('noauth-listing', { count: 1, first: '/secure' }).reason).toBe('ZooKeeper would not let the explorer list /secure (NoAuth): locks below are not listed; start it with ZK_AUTH as a user their ACL allows');
    expect(reasonOf('noauth-listing', { count: 3, first: '/secure' }).reason).toMatch(/^ZooKeeper would not let the explorer list 3 znodes \(\/secure first\) \(NoAuth\)/);
    expect(sayReason('zh', { kind: 'network', params: { where: '127.0.0.1:2281', detail: 'connect ECONNREFUSED 127.0.0.1:2281' } })).toBe('无法连接 127.0.0.1:2281：connect ECONNREFUSED 127.0.0.1:2281');
  });
});

describe('guessLanguage', () => {
  it("takes the reader's choice, else the browser's first language, as the server and the page both guess it", () => {
    expect(guessLanguage('zh', 'en-US')).toBe('zh');
    expect(guessLanguage('en', 'zh-CN,zh;q=0.9')).toBe('en');
    expect(guessLanguage(undefined, ' zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(guessLanguage('fr', 'en-GB,en;q=0.9')).toBe('en');
    expect(guessLanguage(null, '')).toBe('en');
  });
});
