/**
 * The lock-garbage page in words, without a DOM: what stops each pile, how sure the explorer is of
 * a group, why a node is taken as leaked, a clean-up's progress and report, and the dashboard's
 * one line. Every time is said against the view's own clock (`at`), not the browser's.
 */
import { recipeName, type Language, type MessageKey, type Translate } from '../i18n/messages';
import { RECIPES } from '../lock/recipes';
import type { CleanupRun, CleanupSkip, GarbageAdvice, GarbageCounts, GarbageGroup, GarbageSureness, LeakedNode, RecipeId } from '../protocol';
import { formatCount, formatDuration } from './format';

/** What stops a pile, short for the table and whole for the opened group. */
const ADVICE_KEYS: Record<GarbageAdvice, { short: MessageKey; long: MessageKey }> = {
  kazoo: { short: 'gbAdviceKazoo', long: 'gbAdviceKazooLong' },
  curator: { short: 'gbAdviceCurator', long: 'gbAdviceCuratorLong' },
  writelock: { short: 'gbAdviceWritelock', long: 'gbAdviceWritelockLong' },
  container: { short: 'gbAdviceContainer', long: 'gbAdviceContainerLong' },
  unknown: { short: 'gbAdviceUnknown', long: 'gbAdviceUnknownLong' },
};

/** The advice for a group of empty parents, by the recipe that left them. */
export function adviceWords(t: Translate, advice: GarbageAdvice): { short: string; long: string } {
  const keys = ADVICE_KEYS[advice];
  return { short: t(keys.short), long: t(keys.long) };
}

const SURE_KEYS: Record<GarbageSureness, { word: MessageKey; title: MessageKey }> = {
  seen: { word: 'gbSureSeen', title: 'gbSureSeenTitle' },
  files: { word: 'gbSureFiles', title: 'gbSureFilesTitle' },
  stat: { word: 'gbSureStat', title: 'gbSureStatTitle' },
};

/** How one parent is known to have been a lock's, and what that means. */
export function sureWord(t: Translate, sure: GarbageSureness): { text: string; title: string } {
  return { text: t(SURE_KEYS[sure].word), title: t(SURE_KEYS[sure].title) };
}

/**
 * How sure the explorer is that a group's parents were locks', surest first: one word where all
 * are known the same way ("seen emptying"), else each way with its count ("12 seen emptying · 3
 * stat alone"); the title says what each way means.
 */
export function sureWords(t: Translate, sure: GarbageGroup['sure']): { text: string; title: string } {
  const ways = (['seen', 'files', 'stat'] as const).filter((how) => sure[how] > 0);
  const title = ways.map((how) => t(SURE_KEYS[how].title)).join(' ');
  if (ways.length === 1) return { text: t(SURE_KEYS[ways[0]!].word), title };
  const text = ways.map((how) => t('gbSureMixed', { n: formatCount(sure[how]), how: t(SURE_KEYS[how].word) })).join(' · ');
  return { text, title };
}

const RECIPE_NAMES: ReadonlyMap<string, string> = new Map(RECIPES.map((recipe) => [recipe.id, recipe.name]));

/** The recipe that left a group, by its human name in `language`; "not known" for none. */
export function leftByWords(language: Language, t: Translate, recipe: RecipeId | null): string {
  if (recipe === null) return t('gbRecipeUnknown');
  return recipeName(language, { id: recipe, name: RECIPE_NAMES.get(recipe) ?? recipe });
}

/** Why a node is taken as leaked. */
export function leakWhyWords(t: Translate, why: LeakedNode['why']): string {
  return t(why === 'queued-again' ? 'gbWhyQueuedAgain' : 'gbWhyWatchesNothing');
}

const SKIP_KEYS: Record<CleanupSkip, MessageKey> = {
  gone: 'gbSkipGone',
  changed: 'gbSkipChanged',
  'not-empty': 'gbSkipNotEmpty',
  'has-data': 'gbSkipHasData',
  'no-auth': 'gbSkipNoAuth',
  failed: 'gbSkipFailed',
};

/** Why the clean-up left a parent. */
export function skipWords(t: Translate, why: CleanupSkip): string {
  return t(SKIP_KEYS[why]);
}

/** An age in whole seconds at least: an age of "850 ms" reads as a measurement, not as "just now". */
function age(t: Translate, ms: number): string {
  return ms < 1000 ? t('durationS', { n: 0 }) : formatDuration(ms, t);
}

/** How long before `at` a time was: "3 h 5 min ago"; a time after `at` (two clocks a little apart) is "0 s ago". */
export function agoWords(t: Translate, at: number, time: number): string {
  return t('gbAgo', { duration: age(t, at - time) });
}

/** How long something has lasted by `at`, since `since`: "12 min". */
export function sinceWords(t: Translate, at: number, since: number): string {
  return age(t, at - since);
}

/** The dashboard's line of garbage, only what there is ("12,345 empty lock parents · 2 leaked nodes"); null when there is none. */
export function garbageLine(t: Translate, counts: GarbageCounts): string | null {
  const parts: Array<[number, MessageKey, MessageKey]> = [
    [counts.emptyParents, 'gbHomeParents', 'gbHomeParentsOne'],
    [counts.leaked, 'gbHomeLeaked', 'gbHomeLeakedOne'],
    [counts.ghosts, 'gbHomeGhosts', 'gbHomeGhostsOne'],
    [counts.persistentInLocks, 'gbHomePersistent', 'gbHomePersistentOne'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, many, one]) => (n === 1 ? t(one) : t(many, { n: formatCount(n) })));
  return said.length === 0 ? null : said.join(' · ');
}

/** How far a clean-up is: the parents handled (deleted or skipped) of those planned, and that as a fraction (1 for an empty plan). */
export function cleanupProgress(run: CleanupRun): { handled: number; planned: number; fraction: number } {
  const skipped = skippedCount(run);
  const handled = run.deleted + skipped;
  return { handled, planned: run.planned, fraction: run.planned === 0 ? 1 : Math.min(1, handled / run.planned) };
}

function skippedCount(run: CleanupRun): number {
  return Object.values(run.skipped).reduce((sum, count) => sum + (count ?? 0), 0);
}

/** An ended clean-up's report: its headline, what it covered and when, each reason parents were left with its count, and the parents left out as emptied lately. */
export function cleanupReport(t: Translate, run: CleanupRun, at: number): { headline: string; scope: string; skipped: string[]; recent: string | null } {
  const values = { deleted: formatCount(run.deleted), skipped: formatCount(skippedCount(run)), left: formatCount(run.left), error: run.error ?? '' };
  const headline = t(run.state === 'failed' ? 'gbCleanFailed' : run.state === 'stopped' ? 'gbCleanStopped' : 'gbCleanDone', values);
  const when = run.endedAt === null ? t('gbCleanStarted', { duration: age(t, at - run.startedAt) }) : t('gbCleanEnded', { duration: age(t, at - run.endedAt) });
  const scope = t('gbCleanOf', { groups: run.groups === null ? t('gbCleanAll') : run.groups.join(', '), when });
  const skipped = (Object.keys(SKIP_KEYS) as CleanupSkip[])
    .filter((why) => (run.skipped[why] ?? 0) > 0)
    .map((why) => t('gbCleanSkippedWhy', { n: formatCount(run.skipped[why]!), why: skipWords(t, why) }));
  return { headline, scope, skipped, recent: run.recent > 0 ? t('gbCleanRecent', { n: formatCount(run.recent) }) : null };
}

/** The idleness a clean-up may ask of a parent (ms): none, the server's default of a minute, and longer. */
export const IDLE_CHOICES_MS = [0, 60_000, 600_000, 3_600_000, 86_400_000] as const;
/** The server's own default (`CleanupRequestSchema`): a lock in use empties between two holds. */
export const DEFAULT_IDLE_MS = 60_000;

/** A choice of idleness in words: "1 min", or "none: every empty parent". */
export function idleWords(t: Translate, ms: number): string {
  return ms === 0 ? t('gbIdleNone') : formatDuration(ms, t);
}

/** What the dry run says it deletes, and how many of the group it leaves as emptied lately (the server's count). */
export function dryRunWords(t: Translate, total: number, recent: number): { count: string; recent: string | null } {
  const count = total === 0 ? t('gbDryCountNone') : total === 1 ? t('gbDryCountOne') : t('gbDryCount', { n: formatCount(total) });
  return { count, recent: recent > 0 ? t('gbDryRecent', { n: formatCount(recent) }) : null };
}

/** The clean-up button's words for `n` parents. */
export function cleanButtonWords(t: Translate, n: number): string {
  return n === 1 ? t('gbCleanButtonOne') : t('gbCleanButton', { n: formatCount(n) });
}

/** A file name for a group's zkCli commands: its path's names joined, safe in any file system. */
export function zkCliFileName(group: string): string {
  const name = group
    .split('/')
    .filter((part) => part !== '')
    .join('_')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 100);
  return `zk-delete-empty-parents${name === '' ? '' : `-${name}`}.txt`;
}

/** A child's name under its group's path (the part that tells the parents of a group apart). */
export function nameInGroup(path: string, group: string): string {
  const prefix = group === '/' ? '/' : `${group}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** The later of two reads of the clean-up (the page's own polling, and the view's last run): a newer run, else the one further along. */
export function laterRun(a: CleanupRun | null, b: CleanupRun | null): CleanupRun | null {
  if (a === null || b === null) return a ?? b;
  if (a.id !== b.id) return a.id > b.id ? a : b;
  if ((a.state === 'running') !== (b.state === 'running')) return a.state === 'running' ? b : a;
  return cleanupProgress(b).handled > cleanupProgress(a).handled ? b : a;
}
