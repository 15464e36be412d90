import { describe, expect, it } from 'vitest';
import { record } from '../../testing/records';
import type { RecipeId } from '../../protocol';
import { RecipeIdSchema } from '../../protocol';
import { lockAnomalies } from '../anomalies';
import { createReader, detectRecipe } from '../reader';
import { RECIPES } from '.';
import { byValue, defineRecipe, sequentialLayout } from './recipe';

// A recipe the registry does not have: protected `acme-<owner>-N` names, an exists watch on the predecessor.
const acme = defineRecipe({
  id: 'acme-lock',
  name: 'Acme lock (acme-<owner>-N)',
  layouts: [sequentialLayout('acme', 'acme-[0-9a-f]{8}-', (name) => name.slice(5, 13))],
  queue: { watch: 'exists', sort: byValue },
});
const withAcme = createReader([...RECIPES, acme]);
const seq = (n: number): string => String(n).padStart(10, '0');
const children = [record(`acme-0000000b-${seq(7)}`, '0xb'), record(`acme-0000000a-${seq(3)}`, '0xa'), record(`acme-0000000c-${seq(12)}`, '0xc')];
const input = { path: '/acme', self: null, root: { path: '/acme', exists: true, children }, auxiliary: [], hint: null };

describe('a recipe is one module and a registry line', () => {
  it('derives the protocol recipe ids from the registry', () => {
    expect(RecipeIdSchema.options).toEqual(RECIPES.map((recipe) => recipe.id));
  });

  it('recognises a newly registered layout, which the registry alone does not know', () => {
    const names = children.map((child) => child.name);
    expect(detectRecipe(names, null, null).id).toBe('generic');
    expect(withAcme.detectRecipe(names, null, null)).toEqual({ id: 'acme-lock', note: null });
    expect(withAcme.recipeInfo('acme-lock').name).toBe('Acme lock (acme-<owner>-N)');
  });

  it('places its queue by its sort rule and watch, and its fast paths apply', () => {
    const { recipe, nodes } = withAcme.analyzeLock(input, { previous: null, now: 0 });
    expect(recipe.id).toBe('acme-lock');
    expect(nodes.map((node) => [node.name, node.role, node.predecessor, node.watch])).toEqual([
      [`acme-0000000a-${seq(3)}`, 'holder', null, null],
      [`acme-0000000b-${seq(7)}`, 'waiter', `acme-0000000a-${seq(3)}`, { type: 'exists', path: `/acme/acme-0000000a-${seq(3)}` }],
      [`acme-0000000c-${seq(12)}`, 'waiter', `acme-0000000b-${seq(7)}`, { type: 'exists', path: `/acme/acme-0000000b-${seq(7)}` }],
    ]);
    expect(withAcme.standingOf('acme-lock', '/acme', children.map((child) => child.name), `acme-0000000c-${seq(12)}`)).toEqual({ kind: 'waits', on: `acme-0000000b-${seq(7)}` });
    expect(withAcme.singleLine('acme-lock')).toBe(true);
    const joined = withAcme.appendToQueue('acme-lock', '/acme', nodes[2]!, [record(`acme-0000000d-${seq(20)}`, '0xd')], { previous: null, now: 1 });
    expect(joined?.map((node) => [node.name, node.predecessor])).toEqual([[`acme-0000000d-${seq(20)}`, `acme-0000000c-${seq(12)}`]]);
  });

  it('diagnoses it by its own owner key: two sessions with one protected owner are an orphan', () => {
    const orphaned = [...children, record(`acme-0000000a-${seq(15)}`, '0xe')];
    const { recipe, nodes } = withAcme.analyzeLock({ ...input, root: { ...input.root, children: orphaned } }, { previous: null, now: 0 });
    const anomalies = lockAnomalies({ path: '/acme', recipe, nodes }, { now: 0, staleHolderMs: 60_000, deadlocks: [], reader: withAcme });
    expect(anomalies.map((anomaly) => [anomaly.kind, anomaly.node, anomaly.params?.owner])).toEqual([['orphan', `acme-0000000a-${seq(3)}`, 'guid 0000000a']]);
    // Judged by a reader without the layout's owner (the registry's, which lacks acme), those two nodes are two sessions' and nothing is wrong.
    expect(lockAnomalies({ path: '/acme', recipe, nodes: nodes.map((node) => ({ ...node })) }, { now: 0, staleHolderMs: 60_000, deadlocks: [] })).toEqual([]);
  });

  it('keeps every registered id unique and every layout kind named once', () => {
    const ids: RecipeId[] = RECIPES.map((recipe) => recipe.id);
    expect(new Set(ids).size).toBe(ids.length);
    const kinds = new Map<string, unknown>();
    for (const layout of RECIPES.flatMap((recipe) => recipe.layouts)) {
      expect(kinds.get(layout.kind) ?? layout).toBe(layout);
      kinds.set(layout.kind, layout);
    }
  });
});
