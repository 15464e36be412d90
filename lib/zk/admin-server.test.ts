import { describe, expect, it } from 'vitest';
import { parseAdminConnections, parseAdminDump, parseAdminExpiries, parseAdminJson, parseAdminMonitor, parseAdminTickTime, parseAdminWatches, wallClockExpiries } from './admin-server';
// As text: a JSON import would read the session ids as doubles, which is what is tested here.
import connections from './fixtures/admin-connections.json?raw';
import dump from './fixtures/admin-dump.json?raw';
import monitor from './fixtures/admin-monitor.json?raw';
import watches from './fixtures/admin-watches.json?raw';

// Replies recorded from ZooKeeper 3.8's AdminServer with two sessions: one holds a lock node, the other waits with an exists watch on it.
const replies: Record<string, string> = { connections, dump, monitor, watches };
const fixture = (name: string): Record<string, unknown> => parseAdminJson(replies[name]!);

describe('the AdminServer’s answers', () => {
  it('reads session ids beyond 2^53 without loss', () => {
    // 72057825101348865 as a double would read 72057825101348860.
    const { clients } = parseAdminConnections(fixture('connections'));
    expect([...clients.keys()].sort()).toEqual(['0x1000035cc740000', '0x1000035cc740001']);
    expect(clients.get('0x1000035cc740001')).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('gives each connection’s last request id, as cons’s lcxid', () => {
    const { lastRequest } = parseAdminConnections(fixture('connections'));
    expect(lastRequest.get('0x1000035cc740001')).toMatch(/^0x[0-9a-f]+$/);
  });

  it('gives the data watches by session, as wchc', () => {
    expect(parseAdminWatches(fixture('watches'))).toEqual(new Map([['0x1000035cc740001', ['/x/lock/lock-0000000000']]]));
  });

  it('gives each session’s ephemeral nodes, as dump', () => {
    const ephemerals = parseAdminDump(fixture('dump'));
    expect(ephemerals.get('0x1000035cc740000')).toEqual(['/x/lock/lock-0000000000']);
    expect(ephemerals.get('0x1000035cc740001')).toEqual(['/x/lock/lock-0000000001']);
  });

  it('gives each session’s expiry on the server’s elapsed clock, and the tick it is rounded to', () => {
    const expiries = parseAdminExpiries(fixture('dump'));
    expect([...expiries]).toEqual([
      ['0x1000035cc740001', 3602000],
      ['0x1000035cc740000', 3602000],
    ]);
    expect(parseAdminTickTime({ tick_time: 2000 })).toBe(2000);
    expect(parseAdminTickTime({})).toBeNull();
  });

  it('places expiries on the wall clock through a session touched just before', () => {
    // The explorer's session (timeout 10 s) was touched at 1,000,000 ms on its clock (a 4 ms round trip); the server put it in the bucket 3,612,000.
    const elapsed = new Map([
      ['0xe', 3_612_000],
      ['0xc', 3_602_000],
    ]);
    const touched = { session: '0xe', timeoutMs: 10_000, sentAt: 999_998, answeredAt: 1_000_002 };
    const wall = wallClockExpiries(elapsed, touched, 2000)!;
    // The server's clock was between 3,600,000 and 3,602,000 at the touch: taken as the middle.
    expect(wall.get('0xe')).toBe(1_000_000 + 11_000);
    // The crashed session expires 10 s before the explorer's own would: 1 s from the touch, to within a tick.
    expect(wall.get('0xc')).toBe(1_000_000 + 1_000);
    // A member that does not track the explorer's session (a follower) cannot be placed.
    expect(wallClockExpiries(new Map([['0xc', 3_602_000]]), touched, 2000)).toBeNull();
  });

  it('gives the counters under mntr’s names', () => {
    const values = parseAdminMonitor(fixture('monitor'));
    expect(values.get('zk_watch_count')).toBe(1);
    expect(values.get('zk_sum_node_deleted_watch_count')).toBe(0);
    expect(values.has('zk_command')).toBe(false);
  });

  it('refuses a reply that carries an error, or is not an object', () => {
    expect(() => parseAdminJson('{"command":"watches","error":"Command not available"}')).toThrow(/Command not available/);
    expect(() => parseAdminJson('[1]')).toThrow(/JSON object/);
  });
});
