/** Several named locks under one parent, `<name>_lock_N`: one queue per name, an exists watch on the predecessor. */
import { byText, compareKeys, defineRecipe, sequentialLayout, type Entry } from './recipe';

// Broad: any name before `_lock_`. The registry lists this recipe after those with narrower layouts.
const NAMED = sequentialLayout('named-lock', '.+_lock_');
const SUFFIX = '_lock_';

export const namedLocks = defineRecipe({
  id: 'named-locks',
  name: 'Named locks under one parent (<name>_lock_N)',
  candidates: ['a hand-written lock that keeps several named locks under one parent'],
  layouts: [NAMED],
  analyze: (input, context, tools) => {
    const groups = new Map<string, Entry[]>();
    for (const entry of tools.entries(input.root, (kind) => kind === NAMED.kind)) {
      const lockName = entry.seq.prefix.slice(0, -SUFFIX.length);
      const group = groups.get(lockName);
      if (group === undefined) groups.set(lockName, [entry]);
      else group.push(entry);
    }
    const nodes = [...groups.keys()]
      .sort(compareKeys)
      .flatMap((lockName) => tools.queue(groups.get(lockName) ?? [], { queue: lockName, watch: 'exists', key: byText, readKinds: null, readerWaitsOn: 'nearest-writer' }, context));
    return { nodes };
  },
});
