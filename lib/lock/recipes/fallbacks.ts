/**
 * The recipes the reader falls back to when the names cannot say: a herd (told by what its
 * waiters do), the generic rule (unrecognised or mixed names), and nothing recognised yet.
 */
import { byText, defineRecipe } from './recipe';
import { singleNodes } from './single-node';

/** Every waiter watches the parent's children and wakes on any change: the herd effect. */
export const herd = defineRecipe({
  id: 'herd',
  name: 'Herd lock (every waiter watches the children)',
  layouts: [],
  anySequential: true,
  herdPossible: true,
  queue: { watch: 'children', sort: byText },
});

/** Unrecognised or mixed sequential names, read lowest sequence first. */
export const generic = defineRecipe({
  id: 'generic',
  name: 'Sequential nodes',
  layouts: [],
  anySequential: true,
  herdPossible: true,
  queue: { watch: 'exists', sort: byText },
});

/** No contenders yet; the path may itself be a single ephemeral lock node. */
export const unknown = defineRecipe({
  id: 'unknown',
  name: 'No contenders yet',
  layouts: [],
  analyze: (input, context, tools) => {
    const nodes = singleNodes(input, context, tools);
    return nodes.length > 0 ? { nodes, readAs: 'single-node' } : { nodes };
  },
});
