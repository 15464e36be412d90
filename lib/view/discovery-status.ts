/**
 * What the dashboard says of how its locks were found: from ZooKeeper's ephemeral nodes or by
 * the scan, how far the scan is, and anything that makes the list less than whole. Nothing is
 * silently partial: a member that refuses `dump` is named with its reason.
 */
import type { LockList } from '../protocol';
import { formatCount, formatDuration } from './format';

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

function scanProgress(scan: LockList['discovery']['scan']): { progress: number | null; text: string } {
  if (scan.total === null || scan.total === 0) return { progress: null, text: `${formatCount(scan.read)} znodes read` };
  const progress = Math.min(1, scan.read / scan.total);
  return { progress, text: `${Math.floor(progress * 100)}% · ${formatCount(scan.read)} of about ${formatCount(scan.total)} znodes` };
}

/** The dashboard's line about discovery, from the list and the time now (ms). */
export function discoveryLine(list: LockList, now: number): DiscoveryLine {
  const { discovery } = list;
  const { ephemerals, scan } = discovery;
  const count = `${formatCount(list.locks.length)} ${list.locks.length === 1 ? 'lock' : 'locks'}`;
  const scanning = scan.state === 'running' || scan.state === 'pending';
  const { progress, text } = scanProgress(scan);
  const warnings: string[] = [];
  if (list.partial && list.partialReason !== null) warnings.push(`Partial: ${list.partialReason}.`);
  if (ephemerals.state === 'refused') {
    warnings.push(
      `No ZooKeeper member would list its ephemeral nodes (${ephemerals.reason ?? 'dump refused'}): locks are found by reading the whole tree, ${formatCount(scan.readsPerSecond)} znodes a second. Whitelist dump, or open the AdminServer (ZK_ADMIN_PORT), to find them at once.`,
    );
  }
  if (discovery.live === 'child-watches') {
    warnings.push('ZooKeeper refused a persistent recursive watch: new locks are noticed through a child watch on every znode read.');
  }
  const warning = warnings.length === 0 ? null : warnings.join(' ');
  const source = ephemerals.source === 'admin-server' ? 'AdminServer' : 'four-letter word';
  const fromEphemerals = ephemerals.state === 'done' ? `from ${formatCount(ephemerals.nodes)} ephemeral nodes (dump of ${ephemerals.server ?? 'ZooKeeper'}, ${source})` : null;
  if (discovery.method === 'ephemerals' && ephemerals.state !== 'done') {
    return { summary: 'Listing the ephemeral nodes of every session (dump)…', progress: null, progressText: null, warning };
  }
  if (scanning) {
    const summary =
      fromEphemerals !== null
        ? `${count} · ${fromEphemerals} · scanning for locks without a live contender`
        : `${count} so far · scanning the tree`;
    return { summary, progress, progressText: text, warning };
  }
  const took = scan.startedAt !== null && scan.endedAt !== null ? ` in ${formatDuration(scan.endedAt - scan.startedAt)}` : '';
  const ago = scan.endedAt !== null ? `, ${formatDuration(Math.max(0, now - scan.endedAt))} ago` : '';
  const scanned = scan.state === 'capped' ? `the scan stopped at ${formatCount(scan.read)} znodes` : `the scan read ${formatCount(scan.read)} znodes${took}${ago}`;
  return { summary: `${count} · ${fromEphemerals ?? 'by the scan'} · ${scanned}`, progress: null, progressText: null, warning };
}
