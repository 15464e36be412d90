/**
 * The API in replay mode: every read route of the live explorer, answered from ZooKeeper's files
 * at a moment (`?at=` a zxid or a time; the last moment of the files without it), read-only.
 */
import { Router, type Response } from 'express';
import { HoldQuerySchema, IncidentQuerySchema, MOMENT_WRITTEN, type Features, type IncidentList, type LockList, type Moment, type SessionSummary, type WrittenHoldList, type ZnodeDetail } from '../../lib/protocol';
import { translator } from '../../lib/i18n/messages';
import { holdTable, incidentTable, knownZone, tableText, type Table, type WriteUpFormat } from '../../lib/view/write-up';
import { compactWriter } from '../compact';
import { parseMoment } from '../../lib/replay/moments';
import type { Replay } from '../../lib/replay/replay';
import { summarizeSessions } from '../../lib/lock/sessions';
import { CONFIG_DEFAULTS } from '../config';
import { HttpError, parseInput } from '../http-error';
import { lockNodeOf, pathOf, sessionQueryOf, snapshotFormOf } from '../routes/locks';
import { describeData } from '../../lib/lock/data';
import type { LoadedReplay } from './files';

/** Why nothing can be written in replay mode. */
export const READ_ONLY = 'replay mode: the explorer shows ZooKeeper’s files and is connected to no ZooKeeper';

/** What replay mode lets a page do: nothing that writes. */
const REPLAY_FEATURES: Features = {
  simulation: false,
  simulationReason: READ_ONLY,
  simRoot: CONFIG_DEFAULTS.simRoot,
  tokenRequired: false,
  breakLocks: false,
};

/** Said when the files hold no transaction at all. */
export const NO_TRANSACTION = 'the files hold no transaction';

/** Why `at` shows nothing: it is before the first moment of the files. */
export function beforeTheFiles(at: string, from: Moment): string {
  return `${at} is before the files begin (${from.zxid}, ${new Date(from.time).toISOString()})`;
}

/**
 * The moment `?at=` names, within the files' span: `at`, the last transaction at or before it (what
 * the answer says it shows), and `clock`, the state after that transaction at the time asked for,
 * which ages and verdicts are judged by, as the pages' socket judges them (a zxid asked for: its
 * own time). 400 when it is no moment, 404 when it is before the files begin.
 */
function momentOf(replay: Replay, at: unknown): { at: Moment; clock: Moment } {
  const query = at === undefined ? null : parseMoment(at);
  if (at !== undefined && query === null) throw new HttpError(400, `at: ${MOMENT_WRITTEN}`);
  const view = replay.view(query);
  if (view === null) {
    const from = replay.span().from;
    throw new HttpError(404, from === null ? NO_TRANSACTION : beforeTheFiles(String(at), from));
  }
  return { at: view.at, clock: { zxid: view.at.zxid, time: view.time } };
}

/** The zone a write-up's times are written in: `tz`, UTC without one; 400 for a name this server does not know. */
function zoneOf(tz: string | undefined): string {
  const zone = tz ?? 'UTC';
  if (!knownZone(zone)) throw new HttpError(400, `tz: ${zone} is no time zone this server knows (an IANA name such as Europe/Berlin, or UTC)`);
  return zone;
}

/** A write-up's table as a file to save: CSV or Markdown, named by what it holds, its lock and its span (UTC, to the second). */
function sendTable(response: Response, replay: Replay, table: Table, format: WriteUpFormat, what: string, query: { from?: number; to?: number; path?: string }): void {
  const span = replay.span();
  const stamp = (ms: number | undefined): string => (ms === undefined ? 'open' : new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, ''));
  const lock = query.path === undefined ? '' : `_${query.path.replace(/^\//, '').replace(/[^A-Za-z0-9._-]+/g, '-')}`;
  const name = `${what}${lock}_${stamp(query.from ?? span.from?.time)}_${stamp(query.to ?? span.to?.time)}.${format === 'csv' ? 'csv' : 'md'}`;
  response.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'text/markdown; charset=utf-8');
  response.attachment(name);
  response.send(tableText(table, format));
}

/**
 * A session as the files tell it at `moment`: made when, with what timeout, ended how and when;
 * one that ZooKeeper expired later has that expiry as its deadline, and no connection from its
 * last-heard bound on (its client can have been heard from no later).
 */
function withFiles(replay: Replay, session: SessionSummary, moment: Moment): SessionSummary {
  const told = replay.sessions.get(session.sessionId);
  if (told === undefined) return session;
  const lastHeard = replay.sessions.lastHeardBound(session.sessionId);
  const files = { timeoutMs: told.timeoutMs, createdAt: told.createdAt, ended: told.ended, endedAt: told.endedAt, lastHeard };
  if (told.ended !== 'expired' || told.endedAt === null || told.endedAt <= moment.time) return { ...session, files };
  return { ...session, files, expiresAt: told.endedAt, connection: lastHeard !== null && lastHeard <= moment.time ? 'none' : session.connection };
}

/** Every lock at the moment, as the live explorer lists them. */
export function lockListAt({ replay, info }: LoadedReplay, roots: readonly string[], moment: Moment): LockList {
  return {
    roots: [...roots],
    locks: replay.summaries(moment),
    partial: info.stoppedAt !== null,
    partialReason: info.stoppedAt === null ? null : info.reason,
    complete: true,
    scannedNodes: replay.tree.size,
    discovery: {
      method: 'files',
      live: 'none',
      pollMs: null,
      treeNotificationsPerSecond: null,
      notLocks: { count: 0, first: [] },
      ephemerals: { state: 'off', server: null, source: null, nodes: 0, reason: null, at: null },
      scan: { state: 'done', read: replay.tree.size, total: replay.tree.size, readsPerSecond: 1, startedAt: null, endedAt: null },
    },
  };
}

export function replayRouter(loaded: LoadedReplay, roots: readonly string[]): Router {
  const { replay, info } = loaded;
  const router = Router();

  router.get('/api/health', (_request, response) => {
    response.json({ ok: true, mode: 'replay', replay: info, features: REPLAY_FEATURES });
  });

  router.get('/api/replay', (_request, response) => {
    response.json(info);
  });

  router.get('/api/ensembles', () => {
    throw new HttpError(404, 'a replay of ZooKeeper\'s files follows no ensemble: GET /api/locks lists the locks of the files');
  });

  router.get('/api/locks', (request, response) => {
    const { at, clock } = momentOf(replay, request.query.at);
    response.json({ ...lockListAt(loaded, roots, clock), at });
  });

  router.get('/api/locks/*segments', (request, response) => {
    const path = pathOf(request, 'lock');
    const form = snapshotFormOf(request);
    const { at, clock } = momentOf(replay, request.query.at);
    const snapshot = replay.lockAt(path, clock);
    const steps = { previous: replay.step(path, at, 'previous'), next: replay.step(path, at, 'next') };
    if (form === 'columns') response.type('json').send(compactWriter.json(snapshot));
    else response.json({ ...snapshot, at, steps });
  });

  router.get('/api/incidents', (request, response) => {
    const { format, tz, lang, ...query } = parseInput(IncidentQuerySchema, request.query, 'query');
    const { longHoldMs, longWaitMs, herdStormWaiters } = replay.incidentOptions();
    const incidents = replay.incidents(query);
    if (format !== undefined) return sendTable(response, replay, incidentTable(incidents, translator(lang ?? 'en'), zoneOf(tz), { longHoldMs, longWaitMs }), format, 'incidents', query);
    const body: IncidentList = { incidents, longHoldMs, longWaitMs, herdStormWaiters };
    response.json(body);
  });

  router.get('/api/holds', (request, response) => {
    const { format, tz, lang: _lang, ...query } = parseInput(HoldQuerySchema, request.query, 'query');
    const holds = replay.writtenHolds(query);
    if (format !== undefined) return sendTable(response, replay, holdTable(holds, zoneOf(tz)), format, 'holds', query);
    const body: WrittenHoldList = { holds };
    response.json(body);
  });

  router.get('/api/changes/*segments', (request, response) => {
    const path = pathOf(request, 'lock');
    response.json({ path, changes: replay.changes(path) });
  });

  router.get('/api/history/*segments', (request, response) => {
    response.json(replay.history(pathOf(request, 'lock')));
  });

  router.get('/api/nodes/*segments', (request, response) => {
    const path = lockNodeOf(request, roots);
    const { at } = momentOf(replay, request.query.at);
    const node = replay.index.nodeWithChildrenAt(path, at.zxid);
    if (node === null) throw new HttpError(404, `${path} did not exist at ${at.zxid}`);
    const body: ZnodeDetail = { path, stat: node.stat, data: describeData(node.data, true) };
    response.json(body);
  });

  router.get('/api/waits-for', (request, response) => {
    response.json(replay.graph(momentOf(replay, request.query.at).clock));
  });

  router.get('/api/sessions', (request, response) => {
    const { clock: moment } = momentOf(replay, request.query.at);
    const { q, offset, limit } = sessionQueryOf(request);
    const locks = replay.locksAt(moment);
    const deadlocked = new Set(locks.flatMap((lock) => lock.anomalies.flatMap((anomaly) => anomaly.deadlock?.sessions ?? [])));
    const list = summarizeSessions(locks, { deadlocked, connectionsComplete: false, query: q, offset, limit });
    response.json({ ...list, sessions: list.sessions.map((session) => withFiles(replay, session, moment)) });
  });

  // What needs a live ZooKeeper is said plainly, not left to fail.
  router.all(['/api/sim/*rest', '/api/break', '/api/revoke', '/api/zookeeper/*rest', '/api/diagnostics', '/metrics'], (request) => {
    throw new HttpError(409, `${request.path} needs a live ZooKeeper: the explorer is replaying ZooKeeper's files`);
  });

  return router;
}
