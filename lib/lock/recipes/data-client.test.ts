import { describe, expect, it } from 'vitest';
import { describeData } from '../data';
import { record, snapshotOf } from '../../testing/records';
import { buildSnapshot, type LockInput } from '../queue';
import curatorRw from '../fixtures/curator-rw.json';
import curatorSemaphore from '../fixtures/curator-semaphore.json';
import kazooLockFixture from '../fixtures/kazoo-lock.json';
import { curatorDataClient } from './curator-mutex';
import { hostIn, ipAddressIn, isIpv6 } from './data-client';
import { kazooDataClient } from './kazoo-lock';

const text = (value: string) => describeData(new TextEncoder().encode(value));
const CURATOR_NAME = (i: number) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(i).padStart(10, '0')}`;
const KAZOO_NAME = (i: number) => `${'ab'.repeat(16)}__lock__${String(i).padStart(10, '0')}`;

describe('a Curator node’s data names its client where it is an IP address', () => {
  it('an IPv4 address is the client', () => {
    expect(curatorDataClient(text('10.20.30.40'))).toBe('10.20.30.40');
    expect(curatorDataClient(text('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('an IPv6 address is the client, compressed or whole as Java writes it, with its scope', () => {
    expect(curatorDataClient(text('::1'))).toBe('::1');
    expect(curatorDataClient(text('2001:db8::8a2e:370:7334'))).toBe('2001:db8::8a2e:370:7334');
    expect(curatorDataClient(text('fe80:0:0:0:2a0:c9ff:fe00:1%eth0'))).toBe('fe80:0:0:0:2a0:c9ff:fe00:1%eth0');
    expect(curatorDataClient(text('::ffff:10.0.0.1'))).toBe('::ffff:10.0.0.1');
  });

  it('text that is no address names nobody', () => {
    for (const payload of ['', 'contender-1', 'lock owner 10.0.0.1', '10.0.0.256', '1.2.3', '10.0.0.1 ', '{"host":"10.0.0.1"}', 'worker-3.example.com', '10.0.0.1:4711']) {
      expect(curatorDataClient(text(payload)), payload).toBeNull();
    }
    for (const payload of [':::', '1::2::3', '2001:db8:0:0:0:0:0:0:1', '12345::1', 'fe80::g1']) expect(isIpv6(payload), payload).toBe(false);
  });

  it('binary, cut and missing data name nobody', () => {
    expect(curatorDataClient(describeData(Uint8Array.of(10, 0, 0, 1)))).toBeNull();
    expect(curatorDataClient(describeData(Uint8Array.of(0xff, 0xfe, 0x31)))).toBeNull();
    expect(curatorDataClient({ size: 5000, text: '10.0.0.1', hex: null, truncated: true })).toBeNull();
    expect(curatorDataClient(null)).toBeNull();
    expect(ipAddressIn(describeData(new Uint8Array(0)))).toBeNull();
  });
});

describe('a Kazoo node’s identifier names its client where it is an address or a host', () => {
  it('an address, with or without its port, and a host name, with a port or pid', () => {
    for (const identifier of ['10.0.0.5', '10.0.0.5:4711', '[2001:db8::1]:4711', 'fe80::1', 'worker-3.example.com', 'worker-3.example.com:4711', 'worker-3:4711']) {
      expect(kazooDataClient(text(identifier)), identifier).toBe(identifier);
    }
  });

  it('other identifiers, binary data and none name nobody', () => {
    for (const identifier of ['', 'contender-1', 'worker-3', 'job 7 on worker-3', '1.2.3', '10.0.0.5:port', '[10.0.0.5]:4711', "b'contender-2'", 'a..b.com']) {
      expect(hostIn(text(identifier)), identifier).toBeNull();
    }
    expect(kazooDataClient(describeData(Uint8Array.of(0, 1, 2)))).toBeNull();
    expect(kazooDataClient(null)).toBeNull();
  });
});

describe('each node carries the client its data names, by its recipe', () => {
  it('every node of a real Curator read-write lock and semaphore names the address Curator wrote', () => {
    for (const input of [curatorRw.input, curatorSemaphore.input]) {
      const snapshot = buildSnapshot(input as Omit<LockInput, 'hint'>, null, 5_000);
      const written = snapshot.nodes.filter((node) => node.data?.text === '127.0.0.1');
      expect(written.length).toBeGreaterThan(1);
      expect(written.every((node) => node.dataClient === '127.0.0.1')).toBe(true);
      // The semaphore's directories hold no address.
      expect(snapshot.nodes.filter((node) => node.data?.text !== '127.0.0.1').every((node) => node.dataClient === null)).toBe(true);
    }
  });

  it('a real Kazoo lock whose identifiers are no hosts names nobody; one whose are, names them', () => {
    const kazoo = buildSnapshot(kazooLockFixture.input as Omit<LockInput, 'hint'>, null, 5_000);
    expect(kazoo.nodes.length).toBeGreaterThan(1);
    expect(kazoo.nodes.every((node) => node.dataClient === null)).toBe(true);
    const hosts = snapshotOf('/k', [record(KAZOO_NAME(1), '0xa', 1, 1000, 'app-1.example.com:4711'), record(KAZOO_NAME(2), '0xb', 2, 2000, 'contender-2')]);
    expect(hosts.recipe.id).toBe('kazoo-lock');
    expect(hosts.nodes.map((node) => node.dataClient)).toEqual(['app-1.example.com:4711', null]);
  });

  it('a node of no recipe that writes an address names nobody: only a recipe says what its data is', () => {
    const generic = snapshotOf('/g', [record('lock-0000000001', '0xa', 1, 1000, '10.0.0.1')]);
    expect(generic.nodes[0]!.dataClient).toBeNull();
    const curator = snapshotOf('/c', [record(CURATOR_NAME(1), '0xa', 1, 1000, '10.0.0.1'), record(CURATOR_NAME(2), '0xb', 2, 2000, 'my lock data')]);
    expect(curator.nodes.map((node) => [node.role, node.dataClient])).toEqual([
      ['holder', '10.0.0.1'],
      ['waiter', null],
    ]);
  });

  it('a child whose data changed names its new client on the next reading', () => {
    const child = record(CURATOR_NAME(1), '0xa', 1, 1000, '10.0.0.1');
    const first = snapshotOf('/c', [child]);
    expect(snapshotOf('/c', [child], first).nodes[0]!.dataClient).toBe('10.0.0.1');
    child.data = text('10.0.0.2');
    expect(snapshotOf('/c', [child], first).nodes[0]!.dataClient).toBe('10.0.0.2');
  });
});
