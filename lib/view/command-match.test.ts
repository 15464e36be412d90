import { describe, expect, it } from 'vitest';
import { matchCommands } from './command-match';

const commands = [
  { label: 'Select the holder', hint: 'node' },
  { label: '/sim/showcase/thundering-herd-demo/lock', hint: 'lock' },
  { label: '/payments/settlement-writer/lock-0', hint: 'lock' },
  { label: 'Locks: every lock found', hint: 'page' },
  { label: 'Classroom: the herd against the chain', hint: 'page' },
];
const labels = (query: string): string[] => matchCommands(commands, query).map((command) => command.label);

describe('the palette’s matches', () => {
  it('puts a lock whose name holds the word before a page that talks of it: "herd" opens the herd lock', () => {
    expect(labels('herd')).toEqual(['/sim/showcase/thundering-herd-demo/lock', 'Classroom: the herd against the chain']);
  });

  it('puts a label that begins with the query first, and a word found only in the hint last', () => {
    expect(labels('lock')[0]).toBe('Locks: every lock found');
    expect(labels('classroom')).toEqual(['Classroom: the herd against the chain']);
    expect(labels('page')).toEqual(['Locks: every lock found', 'Classroom: the herd against the chain']);
    expect(labels('hold')).toEqual(['Select the holder']);
  });

  it('needs every word, in any order, and keeps the order given for an empty query', () => {
    expect(labels('writer settlement')).toEqual(['/payments/settlement-writer/lock-0']);
    expect(labels('herd nothing')).toEqual([]);
    expect(labels('  ')).toHaveLength(commands.length);
  });
});
