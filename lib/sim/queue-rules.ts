/**
 * The decisions a simulated contender takes from a child list: does it hold, and on which node
 * does it wait. Pure, so that the strategies and their tests share one rule with the explorer.
 */
import { compareSequenceText, parseSequence } from '../lock/sequence';

/** Names sorted as Curator and Kazoo sort them: by the sequence suffix text. */
export function sortBySequence(names: readonly string[]): string[] {
  return names
    .map((name) => ({ name, text: parseSequence(name)?.text ?? null }))
    .filter((entry): entry is { name: string; text: string } => entry.text !== null)
    .sort((a, b) => compareSequenceText(a.text, b.text) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => entry.name);
}

/** Where a node stands in its queue: holding, waiting on a node, or gone from the list. */
export type Standing = { kind: 'holds' } | { kind: 'waits'; on: string } | { kind: 'missing' };

/** A mutex (or a writer): the first holds, every other waits on the one just before it. */
export function mutexStanding(names: readonly string[], mine: string): Standing {
  const sorted = sortBySequence(names);
  const index = sorted.indexOf(mine);
  if (index < 0) return { kind: 'missing' };
  return index === 0 ? { kind: 'holds' } : { kind: 'waits', on: sorted[index - 1] as string };
}

/**
 * The shared lock recipe of ZooKeeper's documentation: a reader waits on the nearest writer
 * before it, a writer on the nearest node of any kind before it.
 */
export function readWriteStanding(names: readonly string[], mine: string, isWrite: (name: string) => boolean): Standing {
  const sorted = sortBySequence(names);
  const index = sorted.indexOf(mine);
  if (index < 0) return { kind: 'missing' };
  if (isWrite(mine)) return index === 0 ? { kind: 'holds' } : { kind: 'waits', on: sorted[index - 1] as string };
  for (let i = index - 1; i >= 0; i -= 1) {
    const before = sorted[i] as string;
    if (isWrite(before)) return { kind: 'waits', on: before };
  }
  return { kind: 'holds' };
}

/** Finds this contender's own node after a lost create reply, by the protected prefix (with its GUID) it created it with. */
export function findOwnNode(names: readonly string[], prefix: string): string | null {
  return names.find((name) => name.startsWith(prefix)) ?? null;
}
