/**
 * What the dashboard says of how its locks were found: from ZooKeeper's ephemeral nodes or by
 * the scan, how far the scan is, and anything that makes the list less than whole. Nothing is
 * silently partial: a member that refuses `dump` is named with its reason.
 */
import { translator, type Language, type Translate } from '../i18n/messages';
import type { LockList } from '../protocol';
import { formatCount, formatDuration } from './format';

/** From this many notifications a second, the dashboard says what the watch on the roots costs. */
const TREE_RATE_TOLD = 100;

export interface DiscoveryLine {
  /** One line: how many locks, found how. */
  summary: string;
  /** The scan's progress, 0 to 1, while it runs and its total is known; null otherwise. */
  progress: number | null;
  /** What the progress bar says in words ("41% · 412,000 of about 1,000,000 znodes"). */
  progressText: string | null;
  /** Something the operator should know: the list is partial, or found the slow way, and why. */
  warning: string | null;
}

function scanProgress(scan: LockList['discovery']['scan'], t: Translate): { progress: number | null; text: string } {
  if (scan.total === null || scan.total === 0) return { progress: null, text: t('discZnodesRead', { n: formatCount(scan.read) }) };
  const progress = Math.min(1, scan.read / scan.total);
  return { progress, text: t('discProgress', { percent: Math.floor(progress * 100), read: formatCount(scan.read), total: formatCount(scan.total) }) };
}

/** The dashboard's line about discovery, from the list and the time now (ms), in `language`. */
export function discoveryLine(list: LockList, now: number, language: Language = 'en'): DiscoveryLine {
  const t = translator(language);
  const { discovery } = list;
  const { ephemerals, scan } = discovery;
  const count = list.locks.length === 1 ? t('discLocksOne') : t('discLocks', { n: formatCount(list.locks.length) });
  // Replay: the list is of every lock the files show, read at once.
  if (discovery.method === 'files') {
    const partial = list.partial && list.partialReason !== null ? t('discPartial', { reason: list.partialReason }) : null;
    return { summary: `${count} · ${t('discFromFiles', { n: formatCount(scan.read) })}`, progress: null, progressText: null, warning: partial };
  }
  const scanning = scan.state === 'running' || scan.state === 'pending';
  const { progress, text } = scanProgress(scan, t);
  const warnings: string[] = [];
  if (list.partial && list.partialReason !== null) warnings.push(t('discPartial', { reason: list.partialReason }));
  if (ephemerals.state === 'refused') warnings.push(t('discRefused', { reason: ephemerals.reason ?? t('discDumpRefused'), rate: formatCount(scan.readsPerSecond) }));
  if (discovery.live === 'child-watches') warnings.push(t('discChildWatches'));
  // A watch on the roots is told what it costs once that is more than a quiet tree's trickle.
  const treeRate = discovery.treeNotificationsPerSecond;
  if (discovery.live === 'recursive-watch' && treeRate !== null && treeRate >= TREE_RATE_TOLD) warnings.push(t('discTreeWatchCost', { n: formatCount(treeRate) }));
  const warning = warnings.length === 0 ? null : warnings.join(' ');
  // The count is of the last listing (each second): the scan's count beside it is of the tree when it was last scanned, said as such.
  const dumped = { n: formatCount(ephemerals.nodes), server: ephemerals.server ?? 'ZooKeeper' };
  const fromEphemerals = ephemerals.state === 'done' ? t(ephemerals.nodes === 0 ? 'discFromNoEphemerals' : 'discFromEphemerals', dumped) : null;
  if (discovery.method === 'ephemerals' && ephemerals.state !== 'done') {
    return { summary: t('discListing'), progress: null, progressText: null, warning };
  }
  if (scanning) {
    const summary = fromEphemerals !== null ? `${count} · ${fromEphemerals} · ${t('discScanningWithEphemerals')}` : `${t('discScanningSoFar', { count })} · ${t('discScanningTree')}`;
    return { summary, progress, progressText: text, warning };
  }
  const took = scan.startedAt !== null && scan.endedAt !== null ? t('discTook', { duration: formatDuration(scan.endedAt - scan.startedAt, t) }) : '';
  const ago = scan.endedAt !== null ? t('discAgo', { duration: formatDuration(Math.max(0, now - scan.endedAt), t) }) : '';
  const scanned = scan.state === 'capped' ? t('discScanCapped', { n: formatCount(scan.read) }) : t(scan.read === 1 ? 'discScanReadOne' : 'discScanRead', { n: formatCount(scan.read), took, ago });
  // The parents set aside are said, so that a queue or a registry missing from the list is not taken for a lock missed.
  const { notLocks } = discovery;
  const setAside = notLocks.count === 0 ? '' : ` · ${notLocks.count === 1 && notLocks.first[0] !== undefined ? t('discNotLocksOne', { path: notLocks.first[0].path }) : t('discNotLocks', { n: formatCount(notLocks.count) })}`;
  return { summary: `${count} · ${fromEphemerals ?? t('discByScan')} · ${scanned}${setAside}`, progress: null, progressText: null, warning };
}
