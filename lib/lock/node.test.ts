import { describe, expect, it } from 'vitest';
import { LockNodeSchema, type LockNode } from '../protocol';
import { NODE_FIELDS, sameNode, sameValue } from './node';

// A node with every field set (none null): the schema's parse fails here first when a field is added to it.
const node: LockNode = LockNodeSchema.parse({
  name: 'lock-0000000001',
  path: '/l/lock-0000000001',
  queue: '',
  sequence: 1,
  sortKey: '\u00010000000001\u0001lock-0000000001',
  role: 'waiter',
  mode: 'exclusive',
  sessionId: '0x1',
  ephemeral: true,
  ctime: 1_000,
  mtime: 1_000,
  czxid: '0x10',
  predecessor: 'lock-0000000000',
  watch: { type: 'data', path: '/l/lock-0000000000' },
  data: { size: 2, text: 'hi', hex: null, truncated: false },
  roleSince: 1_000,
  watchers: ['0x2'],
  client: '127.0.0.1:5000',
  dataClient: '10.0.0.5',
  watchConfirmed: true,
  identity: 'broker 3',
  decoded: { broker: '3' },
});

/** Another valid value of the same kind. */
function other(value: unknown): unknown {
  if (typeof value === 'string') return value === 'waiter' ? 'holder' : value === 'exclusive' ? 'read' : value.startsWith('0x') ? `${value}f` : `${value}x`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return [...value, '0x3'];
  return null;
}

describe('node equality, from the schema', () => {
  it('has every field of the schema set in its example', () => {
    expect(Object.keys(node).sort()).toEqual([...NODE_FIELDS].sort());
    expect(NODE_FIELDS.every((field) => node[field] !== null)).toBe(true);
  });

  it.each(NODE_FIELDS)('tells two nodes apart that differ only in %s', (field) => {
    const changed = LockNodeSchema.parse({ ...node, [field]: other(node[field]) });
    expect(sameNode(node, changed)).toBe(false);
    expect(sameNode(node, { ...node })).toBe(true);
  });

  it('compares objects and lists by value, whatever their key order', () => {
    expect(sameNode(node, { ...node, watch: { path: '/l/lock-0000000000', type: 'data' }, watchers: ['0x2'] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, [2]], [1, [2]])).toBe(true);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});
