import { describe, expect, it } from 'vitest';
import { mergeAnswers, NO_SILENT_SESSIONS, observe, silentSessionsSeen, unobserved, type Introspected, type MemberReport, type PathReading } from './report';

// As `wchc`, `cons` and `dump` report them on a Kafka cluster: broker 0xa is the controller, broker 0xb waits for it to go, 0xe is the explorer following the lock.
const EXPLORER = '0xe';
const leader: MemberReport = {
  report: {
    watches: new Map([
      ['0xb', ['/chroot/controller']],
      [EXPLORER, ['/chroot/controller', '/chroot']],
    ]),
    clients: new Map([
      ['0xa', '10.0.0.1:41000'],
      [EXPLORER, '127.0.0.1:40000'],
    ]),
    lastRequest: new Map([
      ['0xa', '0x10'],
      [EXPLORER, '0x99'],
    ]),
  },
  dump: {
    ephemerals: new Map([
      ['0xa', ['/chroot/controller']],
      [EXPLORER, []],
    ]),
    expiries: new Map([
      ['0xa', 1_800_000_000_000],
      ['0xb', 1_800_000_000_000],
      [EXPLORER, 1_800_000_004_000],
    ]),
  },
};
const follower: MemberReport = {
  report: { watches: new Map([['0xc', ['/elsewhere']]]), clients: new Map([['0xb', '10.0.0.2:41000'], ['0xc', '10.0.0.3:41000']]), lastRequest: new Map([['0xb', '0x4']]) },
  dump: null,
};
const chroot: PathReading = { local: (path) => (path === '/chroot' ? '/' : path.startsWith('/chroot/') ? path.slice('/chroot'.length) : null), known: () => undefined };

describe('mergeAnswers', () => {
  it('merges every member’s watches, connections, requests and dump, paths below the chroot', () => {
    const merged = mergeAnswers([leader, follower], chroot, () => false);
    expect(merged.watchers).toEqual(new Map([['/controller', ['0xb', EXPLORER]], ['/', [EXPLORER]]]));
    expect([...merged.clients.keys()]).toEqual(['0xa', EXPLORER, '0xb', '0xc']);
    expect(merged.dumped?.ephemerals.get('0xa')).toEqual(['/controller']);
  });

  it('leaves the explorer’s own session out: no watcher of the lock it follows, no connection, no request, no dump entry', () => {
    const asked: string[] = [];
    const merged = mergeAnswers([leader, follower], chroot, (session) => {
      asked.push(session);
      return session === EXPLORER;
    });
    expect(merged.watchers).toEqual(new Map([['/controller', ['0xb']]]));
    expect(merged.clients).toEqual(new Map([['0xa', '10.0.0.1:41000'], ['0xb', '10.0.0.2:41000'], ['0xc', '10.0.0.3:41000']]));
    expect(merged.lastRequest).toEqual(new Map([['0xa', '0x10'], ['0xb', '0x4']]));
    expect([...(merged.dumped?.ephemerals.keys() ?? [])]).toEqual(['0xa']);
    expect([...(merged.dumped?.expiries.keys() ?? [])]).toEqual(['0xa', '0xb']);
    // Every place ZooKeeper named the explorer was asked about: that is how an earlier session is known to be still there.
    expect(asked.filter((session) => session === EXPLORER)).toHaveLength(5);
  });

  it('gives no dump when no member gave one', () => {
    expect(mergeAnswers([follower, { ...leader, dump: null }], chroot, () => false).dumped).toBeNull();
  });
});

describe('observe', () => {
  const report = (clients: Array<[string, string]>, lastClients?: Array<[string, string]>): Introspected => ({
    watchers: new Map([['/l/lock-0000000000', ['0xb']]]),
    clients: new Map(clients),
    at: 10_000,
    ...(lastClients === undefined ? {} : { lastClients: new Map(lastClients) }),
  });

  it('names a crashed holder by the client its session last connected from, and judges no waiter by an address it no longer has', () => {
    // The holder 0xa crashed: no member has its connection, and the report remembers where it was.
    const crashed = report([['0xb', '10.0.0.2:41000']], [['0xa', '10.0.0.1:41000'], ['0xc', '10.0.0.3:41000']]);
    const holder = unobserved(null, 0);
    observe(holder, crashed, '0xa', '/l/lock-0000000000');
    expect(holder.client).toBe('10.0.0.1:41000');
    expect(holder.watchConfirmed).toBeNull();
    // A waiter of a crashed session: its watch went with its connection, which is no verdict on its client; it is said unreported.
    const waiter = unobserved('/l/lock-0000000000', 0);
    observe(waiter, crashed, '0xc', '/l/lock-0000000001');
    expect(waiter.client).toBeNull();
    expect(waiter.watchConfirmed).toBeNull();
    expect(waiter.misses).toBe(0);
    // Without the memory (the explorer started after the crash) the client is not known.
    const unknown = unobserved(null, 0);
    observe(unknown, report([['0xb', '10.0.0.2:41000']]), '0xa', '/l/lock-0000000000');
    expect(unknown.client).toBeNull();
  });
});

describe('silentSessionsSeen', () => {
  const report = (clients: Record<string, string>, at: number): Introspected => ({ watchers: new Map(), clients: new Map(Object.entries(clients)), at });
  const dump = (expiries: Record<string, number>) => ({ expiries: new Map(Object.entries(expiries)) });

  it('takes a session as without a connection once two reports in a row miss it, and says so once', () => {
    // 0x2 holds a lock; its client crashes after the first report.
    const first = silentSessionsSeen(NO_SILENT_SESSIONS, report({ '0x1': '10.0.0.1:1', '0x2': '10.0.0.2:1' }, 0), dump({ '0x1': 30_000, '0x2': 30_000 }));
    expect([...first.state.confirmed]).toEqual([]);
    const missedOnce = silentSessionsSeen(first.state, report({ '0x1': '10.0.0.1:1' }, 2_000), dump({ '0x1': 32_000, '0x2': 30_000 }));
    // Only one report missed it (the one before had its connection): it may be just reconnecting.
    expect(missedOnce.changed.size).toBe(0);
    const missedTwice = silentSessionsSeen(missedOnce.state, report({ '0x1': '10.0.0.1:1' }, 4_000), dump({ '0x1': 34_000, '0x2': 30_000 }));
    expect([...missedTwice.state.confirmed]).toEqual([['0x2', 30_000]]);
    expect([...missedTwice.changed]).toEqual(['0x2']);
    const again = silentSessionsSeen(missedTwice.state, report({ '0x1': '10.0.0.1:1' }, 6_000), dump({ '0x1': 36_000, '0x2': 30_000 }));
    expect(again.changed.size).toBe(0);
    // ZooKeeper expires it: it leaves the dump, and its locks judge again.
    const expired = silentSessionsSeen(again.state, report({ '0x1': '10.0.0.1:1' }, 30_500), dump({ '0x1': 60_000 }));
    expect([...expired.state.confirmed]).toEqual([]);
    expect([...expired.changed]).toEqual(['0x2']);
  });

  it('takes a session whose nodes came after the last dump at the first report that misses it, the one before having had no connection of it', () => {
    const before = silentSessionsSeen(NO_SILENT_SESSIONS, report({ '0x1': '10.0.0.1:1' }, 0), dump({ '0x1': 30_000 }));
    const seen = silentSessionsSeen(before.state, report({ '0x1': '10.0.0.1:1' }, 500), dump({ '0x1': 30_000, '0x9': 29_500 }));
    expect([...seen.state.confirmed]).toEqual([['0x9', 29_500]]);
  });

  it('takes nobody while either the connections or the dump are unknown', () => {
    const unknown = silentSessionsSeen(NO_SILENT_SESSIONS, null, dump({ '0x2': 30_000 }));
    expect(unknown.state).toEqual({ confirmed: new Map(), clientsBefore: null });
    const noDump = silentSessionsSeen(unknown.state, report({}, 0), null);
    expect(noDump.state.confirmed.size).toBe(0);
    // The report before was unknown: a session missed by this one alone is not taken.
    expect(silentSessionsSeen(unknown.state, report({}, 0), dump({ '0x2': 30_000 })).state.confirmed.size).toBe(0);
  });
});
