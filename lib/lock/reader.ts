/**
 * Reads a lock as its recipe's client would, with the recipes of a registry: which recipe a
 * lock is, which children belong to it, who holds, and what each waiter watches. The default
 * reader reads with the registry in `recipes/index.ts`; a test can make one with more recipes.
 */
import type { HerdEvidence, LockNode, NodeData, RecipeId, RecipeInfo } from '../protocol';
import { NO_SESSION } from '../zk/ids';
import { childPath, nameOf } from '../zk/path';
import { ownerOf, place, stateOf, type RecordState } from './place';
import { RECIPES } from './recipes';
import type { AnalysisContext, ChildRecord, Entry, Layout, LockInput, ParentListing, QueueRules, Recipe, ReadingTools } from './recipes/recipe';
import { modeOf, compareKeys } from './recipes/recipe';
import { parseSequence } from './sequence';
import { queueStandings, rulesSignature, sequentialQueue, sortKeyOf } from './standings';
import { layoutsAtPath, readSystems, SYSTEMS, type LockSystem, type SystemMatch } from './systems';
import type { Identity, SystemNode } from './systems/system';

export type { AnalysisContext, ChildRecord, LockInput, ParentListing } from './recipes/recipe';

export interface LockAnalysis {
  recipe: RecipeInfo;
  /** In queue order. */
  nodes: LockNode[];
}

/** Where a contender stands in its queue: holding, waiting on a node, or gone from the list. */
export type Standing = { kind: 'holds' } | { kind: 'waits'; on: string } | { kind: 'missing' };

/** The kind of a sequential name no layout knows, and of a name with no sequence that none knows. */
const SEQUENTIAL = 'sequential';
const PLAIN = 'plain';

export interface Reader {
  /** The recipe of this id, if this reader has it. */
  recipe(id: string): Recipe | undefined;
  /** What a recipe id says of a lock: its name and, where the layout cannot choose, the candidates. */
  recipeInfo(id: string, note?: string | null, evidence?: HerdEvidence | null): RecipeInfo;
  /** Recognises the recipe from the child names of the lock path; mixed layouts fall back to the generic rule. */
  detectRecipe(names: readonly string[], selfData: NodeData | null, hint: string | null): { id: RecipeId; note: string | null };
  analyzeLock(input: LockInput, context: AnalysisContext): LockAnalysis;
  /** Whether a recipe's queue is one line in which each waiter waits on the node just before it. */
  singleLine(id: string): boolean;
  /**
   * The nodes that join at the tail of a queue placed by the standings rule alone (a mutex's
   * line, a herd, a read-write lock), placed as the full analysis would place them, from the
   * tail and the few nodes its rule reads back from it (`context.previous` finds them). Null when
   * the full analysis is needed instead: a recipe of another shape, a node of a kind not seen
   * there (it may change which recipe the lock is), one that sorts before the last node, or a
   * first writer further back than a short walk finds.
   */
  appendToQueue(id: string, path: string, last: LockNode, records: readonly ChildRecord[], context: AnalysisContext): LockNode[] | null;
  /**
   * How a change at one place of a lock read as `id` can be read from that place alone:
   * `standings`, one queue placed by the standings rule, where a node's standing depends only on
   * the nodes before it; `herd`, the same where every waiter watches the parent and waits on no
   * node; null where the whole lock must be read (a semaphore, a system that names its contenders).
   */
  localReading(id: string, path: string): 'standings' | 'herd' | null;
  /** The other parents whose children belong to the lock at `path` (a semaphore's). */
  auxiliaryParents(path: string, names: readonly string[], selfData: NodeData | null): string[];
  /** Whether a child of this name can change which other parents a lock's recipe uses: only non-sequential ones can. */
  mayMoveAuxiliaryParents(name: string): boolean;
  /** The layout a child of this name has: a recipe's layout kind, `sequential` (a sequence no layout knows) or `plain`. */
  kindOfName(name: string): string;
  /**
   * Where the node `mine` stands among the children `names` of `parent` under the rules of the
   * recipe `id`: the very rules the explorer reads locks with, so that a simulated contender and
   * the page cannot disagree on who holds. A herd waiter waits on the node just before it.
   */
  standingOf(id: string, parent: string, names: readonly string[], mine: string): Standing;
  /** Whether the recipe `id` is one sequential queue, read from its names alone: what `standingOf` reads. */
  readsByNames(id: string): boolean;
  /** Whether the recipe `id`'s names are also a herd's (every waiter may watch the lock's children). */
  herdPossible(id: string): boolean;
  /** The owner of a node for the orphan check: its protected GUID when its layout has one, else its session id (`0x…`, which tells the two apart). */
  ownerKey(node: LockNode): string | null;
}

/** A reader of the given recipes (in the registry's order, which matters: see `recipes/index.ts`) and systems (`systems/index.ts`). */
export function createReader(recipes: readonly Recipe[], systems: readonly LockSystem[] = SYSTEMS): Reader {
  const self = {};
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const layouts = [...new Set(recipes.flatMap((recipe) => recipe.layouts))];
  const sequentialLayouts = layouts.filter((layout) => layout.sequential);
  const otherLayouts = layouts.filter((layout) => !layout.sequential && !layout.beforeSequence);
  const digitLayouts = layouts.filter((layout) => !layout.sequential && layout.beforeSequence);
  const sequentialKinds = new Set([...sequentialLayouts.map((layout) => layout.kind), SEQUENTIAL]);
  const byLayouts = recipes.filter((recipe) => recipe.recognise === undefined && !recipe.anySequential && recipe.layouts.some((layout) => layout.sequential));
  const recognisers = recipes.filter((recipe) => recipe.recognise !== undefined);
  const kindsOf = new Map(recipes.map((recipe) => [recipe.id, new Set(recipe.layouts.map((layout) => layout.kind))]));
  const rules = new Map<string, QueueRules>();
  // The child records `standingOf` reads names as, kept by name so that each is classified once (bounded: a long run names many).
  const named = new Map<string, ChildRecord>();

  // The systems' layouts each lock path may be, told from the path once (bounded: a tree holds many locks).
  const systemLayouts = new Map<string, SystemMatch[]>();
  function layoutsAt(path: string): SystemMatch[] {
    let found = systemLayouts.get(path);
    if (found === undefined) {
      if (systemLayouts.size >= NAMED_LIMIT) systemLayouts.clear();
      found = layoutsAtPath(systems, path);
      systemLayouts.set(path, found);
    }
    return found;
  }

  /** How the system of a lock read as `recipeId` names its contenders, where a layout of its path has a way to. */
  function identifierOf(path: string, recipeId: string): ((node: SystemNode) => Identity | null) | undefined {
    // A path that is itself the lock is read as `unknown`, then as a single node.
    const ids = recipeId === 'unknown' ? ['unknown', 'single-node'] : [recipeId];
    return layoutsAt(path).find((match) => match.layout.identify !== undefined && match.layout.recipes.some((id) => ids.includes(id)))?.layout.identify;
  }

  function recordNamed(name: string): ChildRecord {
    let record = named.get(name);
    if (record === undefined) {
      if (named.size >= NAMED_LIMIT) named.clear();
      record = { name, stat: NAMED_STAT, data: null };
      named.set(name, record);
    }
    return record;
  }

  function recipeOf(id: string): Recipe {
    const recipe = byId.get(id);
    if (recipe === undefined) throw new Error(`no recipe ${id} in this reader`);
    return recipe;
  }

  function layoutOf(name: string): { kind: string; layout: Layout | null } {
    for (const layout of sequentialLayouts) if (layout.pattern.test(name)) return { kind: layout.kind, layout };
    for (const layout of digitLayouts) if (layout.pattern.test(name)) return { kind: layout.kind, layout };
    if (parseSequence(name) !== null) return { kind: SEQUENTIAL, layout: null };
    for (const layout of otherLayouts) if (layout.pattern.test(name)) return { kind: layout.kind, layout };
    return { kind: PLAIN, layout: null };
  }

  // Each record is classified once while it stays in the queue: a handover at the head of 10,000
  // waiters must not run every pattern over every name again.
  function classify(record: ChildRecord): RecordState {
    const state = stateOf(record);
    if (state.reader !== self) {
      const { kind, layout } = layoutOf(record.name);
      Object.assign(state, { reader: self, kind, layout, seq: layout?.beforeSequence === true ? null : parseSequence(record.name) });
    }
    return state;
  }

  function entries(listing: ParentListing, accept: (kind: string) => boolean): Entry[] {
    const found: Entry[] = [];
    for (const record of listing.children) {
      const state = classify(record);
      if (state.seq === null || !accept(state.kind)) continue;
      state.path ??= childPath(listing.path, record.name);
      found.push({ name: record.name, record, state, path: state.path, seq: state.seq, kind: state.kind });
    }
    return found;
  }

  function acceptOf(recipe: Recipe): (kind: string) => boolean {
    if (recipe.anySequential) return (kind) => sequentialKinds.has(kind);
    const kinds = kindsOf.get(recipe.id)!;
    return (kind) => kinds.has(kind);
  }

  /** A recipe's queue rules; a herd's waiters watch the lock's own children. */
  function rulesOf(recipe: Recipe, path: string): QueueRules | null {
    const queue = recipe.queue;
    if (queue === undefined || recipe.analyze !== undefined) return null;
    if (queue.watch === 'children') return { queue: '', watch: 'children', key: queue.sort, readKinds: null, readerWaitsOn: 'nearest-writer', watchParent: path };
    let made = rules.get(recipe.id);
    if (made === undefined) {
      const readers = queue.readers;
      made = { queue: '', watch: queue.watch, key: queue.sort, readKinds: readers ? new Set(readers.layouts.map((layout) => layout.kind)) : null, readerWaitsOn: readers?.waitOn ?? 'nearest-writer' };
      rules.set(recipe.id, made);
    }
    return made;
  }

  /**
   * What a newcomer behind `last` reads its standing from: the layout kinds of the nodes looked at
   * and the writers its rule may wait on (the first and the nearest before it; null: none). A
   * reader's predecessor is the writer its rule picks, so a walk back stops at the first reader;
   * null when it would be long (a run of writers) or a node is not in `byName`.
   */
  function writersBefore(last: LockNode, rules: QueueRules, byName: ReadonlyMap<string, LockNode> | null): { kinds: Set<string>; first: QueuePlace | null; nearest: QueuePlace | null } | null {
    const kinds = new Set([layoutOf(last.name).kind]);
    // Without readers only the tail matters (each waits on the node just before it).
    if (rules.readKinds === null) return { kinds, first: null, nearest: null };
    const named = (name: string | null): LockNode | null | undefined => (name === null ? null : byName?.get(name));
    if (last.mode === 'read') {
      const writer = named(last.predecessor);
      if (writer === undefined) return null;
      if (writer !== null) kinds.add(layoutOf(writer.name).kind);
      return { kinds, first: writer, nearest: writer };
    }
    if (rules.readerWaitsOn === 'nearest-writer') return { kinds, first: null, nearest: last };
    let writer = last;
    for (let step = 0; step < WRITERS_WALKED; step += 1) {
      const before = named(writer.predecessor);
      if (before === undefined) return null;
      if (before === null) return { kinds, first: writer, nearest: last };
      kinds.add(layoutOf(before.name).kind);
      if (before.mode === 'read') {
        const first = named(before.predecessor);
        return first === undefined ? null : { kinds, first: first ?? writer, nearest: last };
      }
      writer = before;
    }
    return null;
  }

  const tools: ReadingTools = {
    entries,
    queue: sequentialQueue,
    place: (record, path, fields, context) => place(record, classify(record), path, fields, context),
    kindOf: (record) => classify(record).kind,
    listing: (input, path) => input.auxiliary.find((entry) => entry.path === path) ?? { path, exists: false, children: [] },
  };

  function singleLine(id: string): boolean {
    const recipe = byId.get(id);
    return recipe !== undefined && !recipe.anySequential && recipe.analyze === undefined && recipe.queue !== undefined && recipe.queue.watch !== 'children' && recipe.queue.readers === undefined;
  }

  function recipeInfo(id: string, note: string | null = null, evidence: HerdEvidence | null = null): RecipeInfo {
    const recipe = recipeOf(id);
    return { id: id as RecipeId, name: recipe.name, note, maxLeases: null, candidates: [...(recipe.candidates ?? [])], evidence, system: null, role: null, systemLayout: null, systemNote: null, longHolds: false };
  }

  /** The analysis with what the systems say of it: the system and role where proven, else the systems it may be among the candidates. */
  function withSystem(input: LockInput, analysis: LockAnalysis): LockAnalysis {
    const matches = layoutsAt(input.path);
    if (matches.length === 0) return analysis;
    const self = input.self;
    const reading = readSystems(matches, {
      path: input.path,
      recipeId: analysis.recipe.id,
      self: self === null ? null : { name: nameOf(input.path), data: self.data, ephemeral: self.stat.ephemeralOwner !== NO_SESSION },
      nodes: analysis.nodes,
      listing: (path) => tools.listing(input, path).children.map((record) => ({ name: record.name, data: record.data, ephemeral: record.stat.ephemeralOwner !== NO_SESSION })),
    });
    const { recipe } = analysis;
    return {
      ...analysis,
      recipe: {
        ...recipe,
        system: reading.system,
        role: reading.role,
        systemLayout: reading.layout,
        systemNote: reading.note,
        longHolds: reading.longHolds,
        // A system proven names who made the lock: the recipe's candidate clients say no more.
        candidates: reading.system !== null ? [] : [...recipe.candidates, ...reading.candidates],
      },
    };
  }

  function detect(names: readonly string[], kinds: ReadonlySet<string>, selfData: NodeData | null, hint: string | null): { id: RecipeId; note: string | null } {
    const found = (id: string) => ({ id: id as RecipeId, note: null });
    for (const recipe of recognisers) if (recipe.recognise!(names, selfData)) return found(recipe.id);
    if (names.length === 0) return found(hint ?? 'unknown');
    const sequential = [...kinds].filter((kind) => sequentialKinds.has(kind));
    if (sequential.length === 0) return found('single-node');
    const covers = (recipe: Recipe | undefined): boolean => recipe !== undefined && sequential.every((kind) => kindsOf.get(recipe.id)!.has(kind));
    const hinted = hint === null ? undefined : byId.get(hint);
    if (hinted?.keepsHint && covers(hinted)) return found(hinted.id);
    const recipe = byLayouts.find(covers);
    if (recipe !== undefined) return found(recipe.id);
    const note =
      sequential.length > 1
        ? `mixed layouts (${sequential.sort().join(', ')}): read with the generic rule, lowest sequence first`
        : 'unrecognised names: read with the generic rule, lowest sequence first';
    return { id: 'generic', note };
  }

  return {
    recipe: (id) => byId.get(id),
    recipeInfo,
    detectRecipe: (names, selfData, hint) => detect(names, new Set(names.map((name) => layoutOf(name).kind)), selfData, hint),

    analyzeLock(input, context) {
      const names = input.root.children.map((record) => record.name);
      const kinds = new Set(input.root.children.map((record) => classify(record).kind));
      const detected = detect(names, kinds, input.self?.data ?? null, input.hint);
      // Names cannot tell a herd from a chain: what its waiters do can (the explorer's own simulator, or ZooKeeper's report of who woke).
      const herdBy =
        detected.id === 'single-node' || detected.id === 'unknown' ? null : input.declared === 'herd' ? ({ by: 'simulator' } as const) : (input.herdEvidence ?? null);
      const recipe = herdBy !== null ? recipeInfo('herd', null, herdBy) : recipeInfo(detected.id, detected.note);
      if (!input.root.exists) return withSystem(input, { recipe, nodes: [] });
      const identify = identifierOf(input.path, recipe.id);
      const placing = identify === undefined ? context : { ...context, identify };
      const descriptor = recipeOf(recipe.id);
      if (descriptor.analyze !== undefined) {
        const reading = descriptor.analyze(input, placing, tools);
        if (reading.readAs !== undefined) return withSystem(input, { recipe: recipeInfo(reading.readAs), nodes: reading.nodes });
        return withSystem(input, { recipe: reading.maxLeases === undefined ? recipe : { ...recipe, maxLeases: reading.maxLeases }, nodes: reading.nodes });
      }
      const queueRules = rulesOf(descriptor, input.path);
      return withSystem(input, { recipe, nodes: queueRules === null ? [] : sequentialQueue(entries(input.root, acceptOf(descriptor)), queueRules, placing) });
    },

    singleLine,

    appendToQueue(id, path, last, records, context) {
      const recipe = byId.get(id);
      const queueRules = recipe === undefined ? null : rulesOf(recipe, path);
      // A system that names its contenders names the new ones too: the full analysis does.
      if (recipe === undefined || queueRules === null || records.length === 0 || identifierOf(path, id) !== undefined) return null;
      const before = writersBefore(last, queueRules, context.previous);
      if (before === null) return null;
      const accept = acceptOf(recipe);
      const joining: Array<{ entry: Entry; key: string }> = [];
      const signature = rulesSignature(queueRules);
      for (const record of records) {
        const state = classify(record);
        if (state.seq === null || !before.kinds.has(state.kind) || !accept(state.kind)) return null;
        state.path ??= childPath(path, record.name);
        const entry: Entry = { name: record.name, record, state, path: state.path, seq: state.seq, kind: state.kind };
        joining.push({ entry, key: sortKeyOf(entry, queueRules, signature) });
      }
      joining.sort((a, b) => compareKeys(a.key, b.key));
      if (compareKeys(joining[0]!.key, last.sortKey) <= 0) return null;
      let { first, nearest } = before;
      let previous: QueuePlace = last;
      return joining.map(({ entry, key }) => {
        const mode = modeOf(entry.kind, queueRules);
        // The standings rule (`queueStandings`) from where the tail left it.
        const waitsOn = mode !== 'read' ? previous : queueRules.readerWaitsOn === 'first-writer' ? first : nearest;
        if (mode !== 'read') {
          first ??= entry;
          nearest = entry;
        }
        previous = entry;
        const parent = queueRules.watchParent;
        const watch = waitsOn === null ? null : parent === undefined ? { type: queueRules.watch, path: waitsOn.path } : ({ type: 'children', path: parent } as const);
        const fields = { queue: queueRules.queue, sequence: entry.seq.value, sortKey: key, role: waitsOn === null ? 'holder' : 'waiter', mode, predecessor: parent === undefined ? (waitsOn?.name ?? null) : null, watch } as const;
        return place(entry.record, entry.state, entry.path, fields, context);
      });
    },

    localReading(id, path) {
      const recipe = byId.get(id);
      const queueRules = recipe === undefined ? null : rulesOf(recipe, path);
      if (queueRules === null || identifierOf(path, id) !== undefined) return null;
      return queueRules.watchParent === undefined ? 'standings' : 'herd';
    },

    auxiliaryParents(path, names, selfData) {
      // What the lock's system keeps beside it (a leader node, a breadcrumb), whatever the recipe.
      const beside = layoutsAt(path).flatMap((match) => match.layout.auxiliaryParents?.(path) ?? []);
      for (const recipe of recognisers) if (recipe.auxiliaryParents !== undefined && recipe.recognise!(names, selfData)) return [...new Set([...recipe.auxiliaryParents(path), ...beside])];
      return [...new Set(beside)];
    },

    mayMoveAuxiliaryParents: (name) => !sequentialKinds.has(layoutOf(name).kind),
    kindOfName: (name) => layoutOf(name).kind,

    standingOf(id, parent, names, mine) {
      const recipe = recipeOf(id);
      const queueRules = rulesOf(recipe, parent);
      if (queueRules === null) throw new Error(`standingOf: ${id} is not a recipe of one sequential queue`);
      const listing: ParentListing = { path: parent, exists: true, children: names.map(recordNamed) };
      const standing = queueStandings(entries(listing, acceptOf(recipe)), queueRules).find((one) => one.entry.name === mine);
      if (standing === undefined) return { kind: 'missing' };
      return standing.predecessor === null ? { kind: 'holds' } : { kind: 'waits', on: standing.predecessor.name };
    },

    readsByNames(id) {
      const recipe = byId.get(id);
      return recipe !== undefined && rulesOf(recipe, '') !== null;
    },

    herdPossible: (id) => byId.get(id)?.herdPossible === true,

    // Told from the name each time it is asked (the owner counts ask for the few nodes a change moves): a key kept per node, in a weak map, took 8 MB at 100,000 waiters.
    ownerKey: (node) => ownerOf(node, layoutOf(node.name).layout),
  };
}

const NAMED_LIMIT = 100_000;
/** How far back a newcomer's first writer is looked for over a run of writers before the whole lock is read instead. */
const WRITERS_WALKED = 64;

/** A node's place as a waiter names it. */
type QueuePlace = Pick<LockNode, 'name' | 'path'>;
const NAMED_STAT = { czxid: '0x0', mzxid: '0x0', pzxid: '0x0', ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner: '0x1', dataLength: 0, numChildren: 0 };

/** The reader of the registry's recipes. */
export const reader = createReader(RECIPES);

export const { recipeInfo, detectRecipe, analyzeLock, appendToQueue, localReading, singleLine, auxiliaryParents, mayMoveAuxiliaryParents, kindOfName, standingOf, readsByNames, herdPossible, ownerKey } = reader;
