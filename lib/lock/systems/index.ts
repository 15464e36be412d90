/**
 * The systems registry: the locks of real distributed systems, one module each, named from
 * their published sources. A lock is a system's when its path is one of the system's layouts,
 * it is read as the layout's recipe, and (for a path other systems could share) its data proves
 * it; where only the path and recipe fit, the system is one of the lock's candidates. The first
 * proven layout, in this order, names the lock: narrower paths come first.
 */
import { nameOf } from '../../zk/path';
import { bookkeeper } from './bookkeeper';
import { clickhouse } from './clickhouse';
import { curatorDiscovery } from './curator-discovery';
import { druid } from './druid';
import { elasticJob } from './elasticjob';
import { flink } from './flink';
import { hadoopHa } from './hadoop-ha';
import { hbase } from './hbase';
import { helix } from './helix';
import { hudi } from './hudi';
import { kafka } from './kafka';
import { pulsar } from './pulsar';
import { solr } from './solr';
import { storm } from './storm';
import type { LockSystem, RoleLanguage, SystemEvidence, SystemLayout, SystemNote } from './system';

export const SYSTEMS: readonly LockSystem[] = [hadoopHa, kafka, hbase, solr, elasticJob, druid, flink, storm, bookkeeper, helix, pulsar, clickhouse, hudi, curatorDiscovery];

/** One layout of one system. */
export interface SystemMatch {
  system: LockSystem;
  layout: SystemLayout;
}

/** What the systems say of one lock: the system and role where proven, the systems it may be, and what the system keeps beside it says. */
export interface SystemReading {
  system: string | null;
  role: string | null;
  /** The proven layout, `<system>/<layout>`, by which the page says the role in its language. */
  layout: string | null;
  note: SystemNote | null;
  candidates: string[];
  /** The proven layout's holders hold for as long as they lead or live. */
  longHolds: boolean;
}

/** The layouts a lock at `path` may be, from the path alone, in the registry's order. */
export function layoutsAtPath(systems: readonly LockSystem[], path: string): SystemMatch[] {
  const found: SystemMatch[] = [];
  for (const system of systems) for (const layout of system.layouts) if (layout.path.test(path)) found.push({ system, layout });
  return found;
}

/** The recipes a lock at `path` must be read as for a layout that makes no lock to name it (empty: no such layout can). */
export function notALockRecipesAt(path: string): ReadonlySet<string> {
  return new Set(layoutsAtPath(SYSTEMS, path).flatMap(({ layout }) => (layout.notALock === true ? layout.recipes : [])));
}

/** The layouts whose lock is a node of its own, by the node's name: every ephemeral node of an ensemble (a million) is asked, most by a set lookup. */
const SELF_LOCKS = new Map<string, SystemLayout[]>();
for (const system of SYSTEMS) {
  for (const layout of system.layouts) {
    if (layout.selfLock === undefined) continue;
    const named = SELF_LOCKS.get(layout.selfLock) ?? [];
    SELF_LOCKS.set(layout.selfLock, [...named, layout]);
  }
}

/** The layouts that make no lock, as a reading names them (`<system>/<layout>`). */
const NOT_LOCKS = new Set(SYSTEMS.flatMap((system) => system.layouts.filter((layout) => layout.notALock === true).map((layout) => `${system.id}/${layout.id}`)));

/** Whether a lock read as this layout (`recipe.systemLayout`) is a system's nodes that make no lock (a notification queue, a service's instances). */
export function isNotALock(systemLayout: string | null): boolean {
  return systemLayout !== null && NOT_LOCKS.has(systemLayout);
}

/** The names a system's lock node of its own has (`controller`, `master`, …). */
export const SELF_LOCK_NAMES: readonly string[] = [...SELF_LOCKS.keys()];

/** Whether the node at `path` is itself a known system's lock (a single ephemeral node at a fixed name), whatever its siblings are. */
export function isSystemLock(path: string): boolean {
  const layouts = SELF_LOCKS.get(nameOf(path));
  return layouts !== undefined && layouts.some((layout) => layout.path.test(path));
}

/** How a candidate system is listed: the system and the lock it would be. */
function candidateOf(match: SystemMatch, path: string): string {
  return `${match.system.name}: ${match.layout.role(path, null, 'en')}`;
}

/**
 * A candidate as the reader listed it (`candidateOf`, in English) said in `language`, when it is
 * one of the systems a lock at `path` may be; null for any other candidate (a client's recipe).
 */
export function systemCandidateIn(language: RoleLanguage, candidate: string, path: string): string | null {
  const match = layoutsAtPath(SYSTEMS, path).find((one) => candidateOf(one, path) === candidate);
  return match === undefined ? null : `${match.system.name}: ${match.layout.role(path, null, language)}`;
}

/**
 * The reading of the systems for a lock whose layouts fit its path (`matches`): of those that
 * read it as its recipe, the first proven names it; unproven, they are its candidates. The
 * holder's identity (the first node's) may say more of the role (HDFS or YARN).
 */
export function readSystems(matches: readonly SystemMatch[], evidence: SystemEvidence): SystemReading {
  const fitting = matches.filter((match) => match.layout.recipes.includes(evidence.recipeId));
  const proven = fitting.find((match) => match.layout.proves?.(evidence) ?? true);
  // A layout that is no lock is no candidate for one: unproven, it says nothing.
  if (proven === undefined) return { system: null, role: null, layout: null, note: null, candidates: fitting.filter((match) => match.layout.notALock !== true).map((match) => candidateOf(match, evidence.path)), longHolds: false };
  // As placing the nodes named it (`identify`, once a node).
  const head = evidence.nodes[0];
  const holder = head === undefined || head.identity === null ? null : { identity: head.identity, decoded: head.decoded };
  return {
    system: proven.system.name,
    role: proven.layout.role(evidence.path, holder, 'en'),
    layout: `${proven.system.id}/${proven.layout.id}`,
    note: proven.layout.note?.(evidence) ?? null,
    candidates: [],
    longHolds: proven.layout.longHolds === true,
  };
}

/** The layout a reading named (`recipe.systemLayout`, `<system>/<layout>`); undefined for none or one this build does not know. */
function layoutNamed(systemLayout: string | null): SystemLayout | undefined {
  if (systemLayout === null) return undefined;
  const [systemId, layoutId] = systemLayout.split('/');
  return SYSTEMS.find((system) => system.id === systemId)?.layouts.find((one) => one.id === layoutId);
}

/** What the system's nodes beside the lock say (`recipe.systemNote`), in `language`; null when nothing or when the layout is not this build's. */
export function noteIn(language: RoleLanguage, recipe: { systemNote: SystemNote | null; systemLayout: string | null }): string | null {
  if (recipe.systemNote === null) return null;
  return layoutNamed(recipe.systemLayout)?.sayNote?.(recipe.systemNote, language) ?? null;
}

/**
 * The role of a system's lock in the page's language: the same words the reader wrote in
 * English, said again by the layout (`recipe.systemLayout`) from the path and the holder's identity.
 */
export function roleIn(language: RoleLanguage, recipe: { role: string | null; systemLayout: string | null }, path: string, holder: { identity: string | null; decoded: Record<string, string> | null } | null): string | null {
  if (recipe.role === null || recipe.systemLayout === null || language === 'en') return recipe.role;
  const layout = layoutNamed(recipe.systemLayout);
  if (layout === undefined) return recipe.role;
  return layout.role(path, holder === null || holder.identity === null ? null : { identity: holder.identity, decoded: holder.decoded }, language);
}

export type { Identity, LockSystem, RoleLanguage, SystemEvidence, SystemLayout, SystemNode, SystemNote } from './system';
