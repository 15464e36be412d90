'use client';
import { useCallback, useMemo, useState } from 'react';
import { EVENTS_KEPT, eventsBefore, type LockEvent } from '../lib/view/event-log';
import { historyAt } from '../lib/view/history-merge';
import { formatCount, formatDuration, shortNodeName } from '../lib/view/format';
import { SYSTEM_TREE } from '../lib/lock/discovery';
import { isWithin } from '../lib/zk/path';
import type { LockNode } from '../lib/protocol';
import { noteIn, roleIn, systemCandidateIn } from '../lib/lock/systems';
import { describeWatchVerdict, outsideWatchers, watchVerdict } from '../lib/view/watch-verdict';
import { AppHeader } from './AppHeader';
import { AnomalyList } from './AnomalyList';
import { anomalyPlaces, disconnectedHolders } from '../lib/view/anomaly-words';
import { DeadlockAlert } from './DeadlockAlert';
import { CanvasBanners } from './CanvasBanners';
import { ConnectionBanner } from './ConnectionBanner';
import { EventStrip } from './EventStrip';
import { IncidentList } from './IncidentList';
import { ExportButtons } from './ExportButtons';
import { HistoryStrip, waitingOf } from './HistoryStrip';
import { type Command } from './CommandPalette';
import { actOn, NodePanel, offeredActions } from './NodePanel';
import { QueueDiagram } from './QueueDiagram';
import { SimControls } from './SimControls';
import { usePastAvailable, useReplay } from './replay';
import { useLock } from './useLock';
import { UnreadableLockPanel } from './UnreadableLock';
import { useLockHistory } from './useLockHistory';
import { useNow } from './useNow';
import { useShortcuts } from './useShortcuts';
import { useKnowledge } from './useKnowledge';
import { PathByNames } from './WrappingPath';
import { useSilentSessions } from './useSilentSessions';
import { useSimulation } from './useSimulation';
import { LanguageProvider, richText, useLanguage } from './language';
import { candidateName, describeAnomaly, describeHerdEvidence, recipeName, tidyCjkSpaces, type Language, type MessageKey } from '../lib/i18n/messages';

/** Above this many nodes the page does not ask which owners lost their connection. */
const SILENT_CHECK_LIMIT = 5000;
/** A path longer than this (characters) is set smaller in the header. */
const LONG_PATH = 32;

/**
 * The drawing's zoom levels, from a whole queue on a projector to large print. Zoomed out past
 * 80% the cards become one line each, then a mark each in its state's colour (semantic zoom),
 * instead of shrinking to unreadable text.
 */
const ZOOM_LEVELS: ReadonlyArray<{ name: MessageKey | null; scale: number; lines: boolean; marks?: boolean }> = [
  { name: 'lpZoomMarks', scale: 1, lines: false, marks: true },
  { name: 'lpZoomLinesSmall', scale: 0.8, lines: true },
  { name: 'lpZoomLines', scale: 1, lines: true },
  { name: null, scale: 0.8, lines: false },
  { name: null, scale: 1, lines: false },
  { name: null, scale: 1.25, lines: false },
  { name: null, scale: 1.5, lines: false },
];
const FULL_SIZE = 4;

/** Who holds, as a reader knows them: its system's name for it, else the client's address (ZooKeeper's, else the one its node names), else its node's name. */
function holderLabel(holder: LockNode): string {
  return holder.identity ?? holder.client ?? holder.dataClient ?? shortNodeName(holder.name);
}

function nodeFromHash(hash: string): string | null {
  const match = /^#node=(.+)$/.exec(hash);
  if (match?.[1] === undefined) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The live page of one lock, in the reader's language. */
export function LockView({ path, language }: { path: string; language?: Language }) {
  return (
    <LanguageProvider initial={language}>
      <LockPage path={path} />
    </LanguageProvider>
  );
}

/** The live page of one lock: who holds it, who waits behind whom. */
function LockPage({ path }: { path: string }) {
  const { snapshot, error, woken, wakes, events } = useLock(path);
  const { language, t } = useLanguage();
  const now = useNow();
  const holders = useMemo(() => snapshot?.nodes.filter((node) => node.role === 'holder') ?? [], [snapshot]);
  const holder = holders[0] ?? null;
  const systemNote = snapshot ? noteIn(language, snapshot.recipe) : null;
  // The clients and systems that may have made the lock, in the page's language.
  const candidates = snapshot ? snapshot.recipe.candidates.map((candidate) => systemCandidateIn(language, candidate, path) ?? candidateName(language, candidate)) : [];
  const simulation = useSimulation();
  const flagged = useMemo(
    () => new Set(snapshot?.anomalies.flatMap((anomaly) => (anomaly.node === null ? [] : [anomaly.node])) ?? []),
    [snapshot],
  );
  // A deep link (`#node=<name>`) selects a node; the diagram renders only in the browser, so this cannot mismatch.
  const [selectedName, setSelectedName] = useState<string | null>(() => nodeFromHash(typeof window === 'undefined' ? '' : window.location.hash));
  const [compact, setCompact] = useState(false);
  const [zoomLevel, setZoomLevel] = useState(FULL_SIZE);
  const zoom = ZOOM_LEVELS[zoomLevel]!;
  const zoomLabel = zoom.name === null ? `${Math.round(zoom.scale * 100)}%` : t(zoom.name);
  const zoomBy = (step: number): void => setZoomLevel((current) => Math.min(ZOOM_LEVELS.length - 1, Math.max(0, current + step)));
  // The selected node's owner: when its contender creates a new node (a new round, a retried create), the selection follows it.
  const [selectedSession, setSelectedSession] = useState<string | null>(null);
  const select = useCallback((name: string): void => {
    setSelectedName(name);
    window.history.replaceState(null, '', `#node=${encodeURIComponent(name)}`);
  }, []);
  const deselect = useCallback((): void => {
    setSelectedName(null);
    setSelectedSession(null);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }, []);
  // Escape lets go of the selected node.
  useShortcuts({
    Escape: () => {
      if (selectedName === null) return false;
      deselect();
      return true;
    },
  });
  const nodes = snapshot?.nodes;
  // In replay mode the history is the files' whole span, shown as it stood at the moment.
  const replaying = useReplay().info !== null;
  // Incidents come from ZooKeeper's files: replayed, or followed live.
  const pastAvailable = usePastAvailable(!replaying);
  const historyRead = useLockHistory(path, snapshot?.version ?? null, replaying);
  const history = useMemo(() => (historyRead === null || historyRead === false ? null : replaying ? historyAt(historyRead.history, now) : historyRead.history), [historyRead, replaying, now]);
  // The event strip begins with what the explorer's history tells of the time before this page opened.
  // The first read tells all of that time (later reads only lose its oldest part), so it is turned into events once.
  const [openedAt] = useState(() => Date.now());
  const [earlier, setEarlier] = useState<readonly LockEvent[] | null>(null);
  if (!replaying && earlier === null && historyRead !== null && historyRead !== false) setEarlier(eventsBefore(historyRead.history, openedAt, historyRead.offset));
  const allEvents = useMemo(() => {
    // Replayed, the strip is the files' account up to the moment, whichever way the moment moved.
    if (replaying) return history === null ? events : eventsBefore(history, now + 1, 0, false).slice(-EVENTS_KEPT);
    return earlier === null || earlier.length === 0 ? events : [...earlier.slice(Math.max(0, earlier.length + events.length - EVENTS_KEPT)), ...events];
  }, [earlier, events, replaying, history, now]);
  // The strips ask only whether the nodes they name are still in the queue: those few are looked for, not every name of a long queue indexed on each change.
  const present = useMemo(() => {
    const named = new Set<string>();
    for (const hold of history?.holds ?? []) named.add(hold.node);
    for (const event of allEvents) {
      named.add(event.node);
      if (event.woken !== null) named.add(event.woken);
    }
    const found = new Set<string>();
    for (const node of nodes ?? []) if (named.has(node.name)) found.add(node.name);
    return found;
  }, [nodes, history, allEvents]);
  // Where ZooKeeper reports no watches at all, the verdict says so once and the note below says what can be known instead.
  const knowledge = useKnowledge();
  const unreportable = knowledge?.unknown.includes('watches-set') === true;
  // ZooKeeper's files keep no watches: replayed, the recipe's are all there is to draw.
  const watches = useMemo(
    () => (nodes === undefined ? null : replaying ? t('replayNoWatches') : describeWatchVerdict(watchVerdict(nodes), language, unreportable)),
    [nodes, language, replaying, t, unreportable],
  );
  // The nodes the anomalies name, by their place in the queue ("waiter #3"), as the cards show them.
  const places = useMemo(() => anomalyPlaces(snapshot?.anomalies ?? [], nodes ?? [], language), [snapshot?.anomalies, nodes, language]);
  // A holder whose session ZooKeeper keeps without a connection (the server's `holder-disconnected` verdict): the summary says so, with the countdown.
  const holderCut = useMemo(() => {
    const cut = snapshot?.anomalies.find((anomaly) => anomaly.kind === 'holder-disconnected');
    const expiresAt = cut?.params.expiresAt;
    return cut === undefined || typeof expiresAt !== 'number' ? null : { message: describeAnomaly(language, cut.kind, cut.params).message, expiresAt };
  }, [snapshot, language]);
  // While the named node is there, its owner is remembered (adjusted during render, React's way of keeping what an earlier render saw).
  const named = useMemo(() => (selectedName === null ? undefined : snapshot?.nodes.find((node) => node.name === selectedName)), [snapshot, selectedName]);
  if (named !== undefined && (named.ephemeral ? named.sessionId : null) !== selectedSession) setSelectedSession(named.ephemeral ? named.sessionId : null);
  const selected = useMemo(() => {
    if (named !== undefined) return named;
    if (selectedName === null || snapshot === null || selectedSession === null) return null;
    // Gone: its owner's one node now, if it has exactly one (a contender's next round, a retried create).
    const owned = snapshot.nodes.filter((node) => node.ephemeral && node.sessionId === selectedSession);
    return owned.length === 1 ? owned[0]! : null;
  }, [named, snapshot, selectedName, selectedSession]);
  // Contenders of this lock that believe they hold, though ZooKeeper's holders are others (a pause outlived the session).
  const believers = useMemo(() => {
    const holding = new Set(holders.map((node) => node.name));
    return (simulation.contenders?.contenders ?? [])
      .filter((contender) => contender.path === path && contender.believesHolding && (contender.node === null || !holding.has(contender.node)))
      .map((contender) => ({ id: contender.id, sessionId: contender.sessionId, node: contender.node, czxid: contender.czxid, paused: contender.state === 'paused' }));
  }, [simulation.contenders, holders, path]);
  // Owners ZooKeeper keeps without a connection (crashed clients), read every 2 s; not for the longest queues, where reading every session that often would cost the server more than the picture gains.
  const polledSilent = useSilentSessions(path, !replaying && snapshot !== null && snapshot.nodes.length > 0 && snapshot.nodes.length <= SILENT_CHECK_LIMIT);
  // The waits under way, beside the hold strip's figures: counted when the queue changes, not at each second's render (a queue of 100,000).
  const waiting = useMemo(() => waitingOf(snapshot?.nodes ?? []), [snapshot?.nodes]);
  // A holder the lock's own anomaly names disconnected is drawn so at once, with the anomaly (the sessions list confirms it a read or two later, and names the others).
  const silent = useMemo(() => {
    const named = disconnectedHolders(snapshot?.anomalies ?? []);
    if (named.size === 0) return polledSilent;
    return new Map([...named, ...polledSilent]);
  }, [snapshot?.anomalies, polledSilent]);
  // Sessions that watch a node without one of their own (drawn beside it); those watching the holders are counted: a single-node lock's waiting contenders.
  const outside = useMemo(() => outsideWatchers(nodes ?? []), [nodes]);
  const watching = useMemo(() => new Set(holders.flatMap((node) => outside.get(node.name) ?? [])).size, [outside, holders]);
  const contender =
    selected === null ? null : (simulation.contenders?.contenders.find((candidate) => candidate.sessionId === selected.sessionId && candidate.path === path) ?? null);

  // The command palette's part of this page: select the holder or the next in line, and the selected contender's faults.
  const commands = useMemo<Command[]>(() => {
    const list: Command[] = [];
    const first = nodes?.find((node) => node.role === 'waiter');
    if (holder !== null) list.push({ id: 'select:holder', label: t('lpSelectHolder', { name: shortNodeName(holder.name) }), hint: t('palHintNode'), run: () => select(holder.name) });
    if (first !== undefined) list.push({ id: 'select:next', label: t('lpSelectNext', { name: shortNodeName(first.name) }), hint: t('palHintNode'), run: () => select(first.name) });
    if (contender !== null && selected !== null) {
      for (const { action, label } of offeredActions(contender.state)) {
        list.push({
          id: `fault:${action}`,
          label: `${t(label)}: ${contender.id} (${shortNodeName(selected.name)})`,
          hint: t('palHintFault'),
          run: () => void actOn(simulation, contender.id, action),
        });
      }
    }
    return list;
  }, [nodes, holder, contender, selected, select, simulation, t]);

  return (
    <>
      <AppHeader commands={commands} languages>
        {/* A real path is long: set smaller, and broken only before a slash, it keeps the header one line at 1280 px (a header a line taller moved the page under it from one lock to the next). */}
        <span className={`crumb-current${path.length > LONG_PATH ? ' is-long' : ''}`} data-testid="lock-path">
          <PathByNames path={path} />
        </span>
      </AppHeader>
      <ConnectionBanner lockPath={path} />
      <main id="main" className="lock-page">
        <div className="lock-layout">
          <div className="lock-main">
        {error ? (
          <p className="error-box" role="alert" data-testid="lock-error">
            {/* The server says it in English; a refusal, the common case, in the page's language. */}
            {/NoAuth/.test(error) ? t('lpNoAuthError', { path }) : error}
          </p>
        ) : null}
        {error !== null && /NoAuth/.test(error) ? (
          <p className="notice" role="note" data-testid="lock-error-hint">
            {richText(t('lpNoAuthHint'), { env: <code>ZK_AUTH</code>, example: <code>ZK_AUTH=digest:user:password</code>, getAcl: <code>getAcl {path}</code> })}
          </p>
        ) : null}
        {error !== null && /NoAuth/.test(error) ? <UnreadableLockPanel path={path} /> : null}
        {snapshot === null ? (
          // A refusal is the answer: no spinner waits for a read that will not come.
          error === null ? (
            <p className="loading" data-testid="lock-loading" aria-busy="true">
              <span className="spinner" aria-hidden="true" /> {t('lpReading', { path })}
            </p>
          ) : null
        ) : (
          <>
            <DeadlockAlert path={path} anomalies={snapshot.anomalies} nodes={snapshot.nodes} onSelect={select} />
            {isWithin(path, SYSTEM_TREE) ? (
              <p className="notice" role="note" data-testid="system-tree">
                <strong>{t('lpSystemTreeTitle', { path })}</strong>
                {t('lpSystemTreeText')}
              </p>
            ) : null}
            <section className="summary" aria-label={t('lpSummary')} data-testid="lock-summary">
              <div className={`stat${holderCut === null ? '' : ' stat-danger'}`}>
                <span className="stat-label">{holders.length > 1 ? t('lpHolders', { n: holders.length }) : t('lpHolder')}</span>
                <span className="stat-value" data-testid="summary-holder" data-name={holder?.name ?? ''} data-count={holders.length} title={holders.map((one) => one.name).join('\n')}>
                  {/* As its system names it ("broker 3") where one does, else by the client that holds (its address), else its node's name. */}
                  {holder ? holderLabel(holder) : '—'}
                  {holders.length > 1 ? <span className="stat-more">{` +${holders.length - 1}`}</span> : null}
                </span>
                {holder !== null && holderLabel(holder) !== shortNodeName(holder.name) ? (
                  <span className="stat-note mono" data-testid="summary-holder-node">
                    {shortNodeName(holder.name)}
                  </span>
                ) : null}
                {holderCut !== null ? (
                  <span className="stat-note expiry-silent" data-testid="summary-holder-disconnected" title={holderCut.message}>
                    {holderCut.expiresAt - now > 0 ? t('lpHolderCutIn', { duration: formatDuration(holderCut.expiresAt - now, t) }) : t('lpHolderCutNow')}
                  </span>
                ) : holder !== null && (holder.roleSince !== null || holder.ctime > 0) ? (
                  <span className="stat-note">
                    {holder.roleSince === null ? t('lpCreatedAgo', { duration: formatDuration(now - holder.ctime, t) }) : t('lpHeldFor', { duration: formatDuration(now - holder.roleSince, t) })}
                  </span>
                ) : null}
              </div>
              <div className="stat">
                <span className="stat-label">{t('colWaiting')}</span>
                <span className="stat-value" data-testid="summary-waiters">
                  {formatCount(snapshot.waiters.length)}
                </span>
                {/* ZooKeeper's own mark of the last change, for comparing with its logs: small, under the count it changed. */}
                {snapshot.read?.pzxid ? (
                  <span
                    className="stat-note mono"
                    data-testid="summary-pzxid"
                    title={t('lpPzxidTitle', { path, n: snapshot.version })}
                  >
                    {t('lpLastChange', { zxid: snapshot.read.pzxid })}
                  </span>
                ) : null}
              </div>
              {watching > 0 ? (
                <div className="stat">
                  <span className="stat-label">{t('lpWatchingNoNode')}</span>
                  <span className="stat-value" data-testid="summary-watching" title={t('lpWatchingTitle')}>
                    {formatCount(watching)}
                  </span>
                </div>
              ) : null}
              {believers.length > 0 ? (
                <div className="stat stat-danger">
                  <span className="stat-label">{t('lpBelievers')}</span>
                  <span className="stat-value" data-testid="summary-believers">
                    {formatCount(holders.length + believers.length)}
                  </span>
                  <span className="stat-note">{t('lpZooKeeperCount', { n: formatCount(holders.length) })}</span>
                </div>
              ) : null}
              {snapshot.recipe.system !== null ? (
                <div className="stat stat-system" data-testid="summary-system">
                  <span className="stat-label">{t('lpSystem')}</span>
                  <span className="stat-value stat-text">{snapshot.recipe.system}</span>
                  {snapshot.recipe.role !== null ? (
                    <span className="stat-note" data-testid="summary-role">
                      {roleIn(language, snapshot.recipe, path, holder ?? null)}
                    </span>
                  ) : null}
                  {systemNote !== null ? (
                    <span className="stat-note" data-testid="summary-system-note">
                      {systemNote}
                    </span>
                  ) : null}
                </div>
              ) : null}
              <div className="stat">
                <span className="stat-label">{t('colRecipe')}</span>
                <span
                  className="stat-value stat-text"
                  data-testid="summary-recipe"
                  title={snapshot.recipe.candidates.length > 0 ? t('lpCandidatesTitle', { list: candidates.join(t('listSeparator')) }) : undefined}
                >
                  {recipeName(language, snapshot.recipe)}
                </span>
                {snapshot.recipe.candidates.length > 0 ? (
                  <span className="stat-note is-whole" data-testid="summary-candidates">
                    {tidyCjkSpaces(t('lpMadeBy', { list: candidates.join(t('lpOr')) }))}
                  </span>
                ) : null}
                {snapshot.recipe.evidence ? (
                  <span className="stat-note is-whole" data-testid="summary-evidence">
                    {describeHerdEvidence(language, snapshot.recipe.evidence)}
                  </span>
                ) : null}
                {snapshot.recipe.note ? <span className="stat-note">{snapshot.recipe.note}</span> : null}
                {snapshot.recipe.maxLeases !== null ? <span className="stat-note">{t('lpLeases', { n: snapshot.recipe.maxLeases })}</span> : null}
              </div>
            </section>
            <HistoryStrip history={history} reading={historyRead === null && snapshot.nodes.length > 0} now={now} present={present} onSelect={select} waiting={waiting} />
            {!snapshot.exists ? (
              <div className="empty" data-testid="lock-missing">
                <h2>{t('lpMissingTitle', { path })}</h2>
                <p>{t('lpMissingText')}</p>
              </div>
            ) : snapshot.nodes.length === 0 ? (
              <div className="empty" data-testid="lock-empty">
                <h2>{t('lpEmptyTitle')}</h2>
                <p>{richText(t('lpEmptyText'), { command: <code>create -e -s {path === '/' ? '' : path}/lock- &quot;&quot;</code> })}</p>
              </div>
            ) : (
              <>
                <div className="diagram-tools">
                  <label className="check" htmlFor="compact-view">
                    <input id="compact-view" type="checkbox" checked={compact} data-testid="compact-view" onChange={(event) => setCompact(event.target.checked)} />
                    <span>{t('lpOneLine')}</span>
                  </label>
                  <span className="zoom" role="group" aria-label={t('lpZoom')}>
                    <button type="button" className="button small" onClick={() => zoomBy(-1)} disabled={zoomLevel === 0} aria-label={t('lpZoomOut')} data-testid="zoom-out">
                      −
                    </button>
                    <button type="button" className="button small zoom-level" onClick={() => setZoomLevel(FULL_SIZE)} aria-label={t('lpZoomReset', { level: zoomLabel })} data-testid="zoom-level">
                      {zoomLabel}
                    </button>
                    <button type="button" className="button small" onClick={() => zoomBy(1)} disabled={zoomLevel === ZOOM_LEVELS.length - 1} aria-label={t('lpZoomIn')} data-testid="zoom-in">
                      +
                    </button>
                  </span>
                  <span className="muted legend">
                    <span className="legend-title">{t('lpLegendWatches')}</span>
                    <span className="legend-item">
                      <span className="legend-edge confirmed" aria-hidden="true" /> {t('lpLegendConfirmed')}
                    </span>
                    <span className="legend-item">
                      <span className="legend-edge" aria-hidden="true" /> {t('lpLegendRecipe')}
                    </span>
                    {/* Always laid out, shown when it applies: a legend that appears must not push the queue down. */}
                    <span className={`legend-item${snapshot.nodes.some((node) => node.watchConfirmed === false) ? '' : ' is-unused'}`} data-testid="legend-missing">
                      <span className="legend-edge missing" aria-hidden="true" /> {t('lpLegendMissing')}
                    </span>
                  </span>
                  <ExportButtons snapshot={snapshot} />
                </div>
                <CanvasBanners anomalies={snapshot.anomalies} onSelect={select} />
                <QueueDiagram
                  believers={believers}
                  silent={silent}
                  outside={outside}
                  nodes={snapshot.nodes}
                  now={now}
                  selected={selected?.name ?? selectedName}
                  onSelect={select}
                  woken={woken}
                  wakes={wakes}
                  zoom={zoom.scale}
                  compact={compact || zoom.lines}
                  marks={zoom.marks === true}
                  fitWindow
                  flagged={flagged}
                />
              </>
            )}
            <EventStrip events={allEvents} now={now} onSelect={select} present={present} />
            {replaying || pastAvailable ? <IncidentList path={path} /> : null}
          </>
        )}
          </div>
          <aside className="lock-side">
            {snapshot ? <AnomalyList anomalies={snapshot.anomalies} watches={watches} knowledge={replaying ? null : knowledge} places={places} onSelect={select} /> : null}
            <NodePanel lockPath={path} recipeId={snapshot?.exists ? snapshot.recipe.id : null} node={selected} now={now} contender={contender} simulation={simulation} onClose={deselect} />
            <SimControls path={path} simulation={simulation} recipe={snapshot?.exists ? snapshot.recipe.id : null} />
          </aside>
        </div>
      </main>
    </>
  );
}
