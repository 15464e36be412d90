/**
 * ClickHouse's ReplicatedMergeTree: an insert reserves its block number with an ephemeral
 * sequential `block-N` under `<table>/block_numbers/<partition>`, held while the insert lasts
 * (`EphemeralLockInZooKeeper`); the node's data is the path of its holder, the
 * `abandonable_lock-N` the insert made under `<table>/temp`. Nobody waits: each node holds its own number.
 */
import { nameOf } from '../../zk/path';
import { parseSequence } from '../sequence';
import { defineSystem, fields, pathEnding, segments, textOf, type Identity, type SystemNode, say } from './system';

/** A block number's holder: the insert's `abandonable_lock-` node its data names. */
export function decodeBlock(node: Pick<SystemNode, 'data' | 'name'>): Identity | null {
  const holder = textOf(node.data)?.trim() ?? '';
  const number = parseSequence(node.name)?.value;
  if (number === undefined) return null;
  return { identity: `block ${number}`, decoded: fields([['block number', number], ['holder', holder === '' ? undefined : holder]]) };
}

export const clickhouse = defineSystem({
  id: 'clickhouse',
  name: 'ClickHouse (ReplicatedMergeTree)',
  sources: ['src/Storages/MergeTree/EphemeralLockInZooKeeper.cpp', 'src/Storages/MergeTree/EphemeralLockInZooKeeper.h', 'src/Storages/StorageReplicatedMergeTree.cpp'],
  layouts: [
    {
      id: 'block-numbers',
      path: pathEnding('block_numbers/[^/]+'),
      recipes: ['ephemeral-claims'],
      role: (path, _holder, language) =>
        say(language, `block numbers of partition ${nameOf(path)} of ${segments(path).at(-3) ?? '?'}: each insert in progress holds its own`, `表 ${segments(path).at(-3) ?? '?'} 分区 ${nameOf(path)} 的块编号：每个进行中的插入各持有一个`),
      identify: decodeBlock,
    },
    {
      id: 'insert-holders',
      path: pathEnding('temp'),
      recipes: ['ephemeral-claims'],
      role: (path, _holder, language) => say(language, `insert holders of ${segments(path).at(-2) ?? '?'}: each holds the block numbers that name it`, `表 ${segments(path).at(-2) ?? '?'} 的插入持有者：各自持有指向它的块编号`),
    },
  ],
});
