/**
 * `npm start` / `npm run dev`: reads the configuration, starts an embedded ZooKeeper when no
 * ZK_CONNECT is given, opens the explorer's session, and serves Next.js, the API and socket.io
 * on one port until SIGINT or SIGTERM.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { createFleet, MAX_CONTENDERS, type EnsembleOptions, type Explorer } from './app';
import { ConfigError, loadConfig, type Config, type EnsembleConfig } from './config';
import { isLoopbackHost } from './net';
import { createReplayExplorer } from './replay/app';
import type { ReplayOptions } from '../lib/replay/replay';
import { loadReplay } from './replay/files';
import { followFiles, type FollowedFiles } from './replay/follow';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from './zk/embedded';
import { ZkSession } from './zk/session';
import { renewTicketCache, type TicketRenewal } from './zk/ticket-renewal';
import { checkClientInternals } from './zk/wire/connection';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** How ZooKeeper's files are read: the lock roots and the thresholds of stale holders and incidents, as configured. */
function replayOptionsOf(config: EnsembleConfig | Config): ReplayOptions {
  return { roots: config.lockRoots, staleHolderMs: config.staleHolderMs, incidents: { longWaitMs: config.longWaitMs, massExpiryCount: config.massExpirySessions, herdStormWaiters: config.herdStormWaiters } };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  try {
    checkClientInternals();
  } catch (error) {
    console.error(`zk-lock-explorer cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  if (!isLoopbackHost(config.host) && config.adminToken === null) {
    console.warn(
      `warning: listening on ${config.host}, reachable from other machines, without ADMIN_TOKEN: anyone who reaches it reads every lock` +
        (config.zkReplay === null && (config.allowSimulation || config.allowBreakLocks || config.zkConnect === null) ? ' and may use the controls' : '') +
        '. Set ADMIN_TOKEN, or HOST=127.0.0.1.',
    );
  }

  if (config.zkReplay !== null) {
    await serveReplay(config, config.zkReplay);
    return;
  }

  let embedded: EmbeddedZooKeeper | null = null;
  const followed: Array<{ session: ZkSession; files: FollowedFiles | null }> = [];
  let renewal: TicketRenewal | null = null;
  let explorer: Explorer | null = null;
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const timer = setTimeout(() => {
      console.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await explorer?.close().catch((error: unknown) => console.error('closing the server:', error));
    for (const { session, files } of followed) {
      files?.close();
      session.close();
    }
    renewal?.stop();
    await embedded?.stop().catch((error: unknown) => console.error('stopping ZooKeeper:', error));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Only one ensemble, the default, can be the embedded ZooKeeper (ZK_ENSEMBLES's entries each name their ZK_CONNECT).
  if (config.zkConnect === null) {
    embedded = await startEmbeddedZooKeeper({ dir: config.embeddedDir === null ? undefined : resolve(projectRoot, config.embeddedDir) });
    console.log(`embedded ZooKeeper on ${embedded.connectString} (pid ${embedded.pid}, data in ${embedded.dir}${config.embeddedDir === null ? ', removed on stop' : ''}, log ${embedded.logFile})`);
  }
  // Kerberos from a ticket cache: its tickets renewed while they may be (a keytab's are fetched again by Kerberos itself).
  const fromCache = config.ensembles.some(({ zkTransport: { sasl } }) => sasl?.mechanism === 'gssapi' && sasl.keytab === null);
  renewal = fromCache ? renewTicketCache() : null;
  const several = config.ensembles.length > 1;
  const ensembles = await Promise.all(
    config.ensembles.map(async (ensemble): Promise<EnsembleOptions> => {
      const connectString = ensemble.zkConnect ?? embedded!.connectString;
      const say = (line: string): string => (several ? `${ensemble.name}: ${line}` : line);
      // ZooKeeper's own files, for each lock's past: those named, else the embedded ZooKeeper's.
      const fileDirs = ensemble.zkDataDir ?? (ensemble.zkConnect === null ? [join(embedded!.dir, 'data')] : null);
      const files = fileDirs === null ? null : followFiles(fileDirs, replayOptionsOf(ensemble), { keep: ensemble.zkFilesKeep });
      if (files !== null) {
        const started = Date.now();
        void files.ready.then(({ info }) => console.log(say(`files: ${info.transactions} transactions of ZooKeeper's files in ${fileDirs!.join(', ')} read in ${Date.now() - started} ms${info.reason === null ? '' : `; ${info.reason}`}; followed from now on`)));
      }
      const session = new ZkSession({ connectString, sessionTimeoutMs: ensemble.sessionTimeoutMs, auth: ensemble.zkAuth, transport: ensemble.zkTransport });
      followed.push({ session, files });
      session.on('state', (state) => console.log(say(`ZooKeeper session: ${state}${session.reason ? ` (${session.reason})` : ''}`)));
      session.on('reason', (reason) => {
        if (reason !== null) console.warn(say(`ZooKeeper: ${reason}`));
      });
      // The first session, for up to 15 s; or less where ZooKeeper says at its first try why it cannot be had (refused, a login or a
      // certificate refused): the explorer listens then, the client keeps trying, and the pages show the state meanwhile.
      const problem = await firstSession(session, 15_000);
      if (problem !== null) console.warn(say(`${problem}; still trying`));
      const own = ensemble.zkConnect === null;
      return {
        name: ensemble.name,
        session,
        embedded: own,
        discovery: { roots: ensemble.lockRoots, maxNodes: ensemble.discoveryMaxNodes, readsPerSecond: ensemble.discoveryReadsPerSecond, rescanMs: ensemble.discoveryRescanMs },
        staleHolderMs: ensemble.staleHolderMs,
        historyCapacity: ensemble.historyCapacity,
        metricsLockLimit: ensemble.metricsLockLimit,
        introspectionIntervalMs: ensemble.introspectIntervalMs,
        // The embedded ZooKeeper answers every four-letter word: no AdminServer is asked.
        zkAdmin: own ? { port: 0, urls: null } : { port: ensemble.zkAdminPort, urls: ensemble.zkAdminUrls },
        breakLocks: ensemble.allowBreakLocks,
        cleanup: { allowed: ensemble.allowCleanup, rate: ensemble.cleanupRate },
        simulation: {
          allowed: own || ensemble.allowSimulation,
          simRoot: ensemble.simRoot,
          connectString,
          maxContenders: MAX_CONTENDERS,
        },
        files,
      };
    }),
  );

  const nextHandler = await pages(config);
  explorer = createFleet({ ensembles, adminToken: config.adminToken, nextHandler });
  const url = await explorer.listen(config.port, config.host);
  console.log(`zk-lock-explorer listening on ${url}${several ? ` (ensembles ${ensembles.map((ensemble) => ensemble.name).join(', ')})` : ''}`);
}

/** Next.js, prepared: the pages' request handler. */
async function pages(config: Config): Promise<(request: IncomingMessage, response: ServerResponse) => Promise<void>> {
  const nextApp = next({ dev: config.dev, dir: projectRoot, hostname: config.host, port: config.port });
  await nextApp.prepare();
  const handle = nextApp.getRequestHandler();
  return (request, response) => handle(request, response);
}

/** Replay mode: ZooKeeper's files read once, then served read-only until SIGINT or SIGTERM. */
async function serveReplay(config: Config, dirs: string[]): Promise<void> {
  console.log(`replay: reading ZooKeeper's files in ${dirs.join(', ')}`);
  const started = Date.now();
  const loaded = await loadReplay(dirs, replayOptionsOf(config));
  const { info } = loaded;
  // Nothing of ZooKeeper's there (a path that does not exist, an empty directory, one of other files): no server of nothing.
  if (info.files.length === 0) throw new Error(`replay: ${info.reason ?? `no log.* or snapshot.* files in ${dirs.join(', ')}`}`);
  const span = info.from === null || info.to === null ? 'no transaction' : `${new Date(info.from).toISOString()} (${info.firstZxid}) to ${new Date(info.to).toISOString()} (${info.lastZxid})`;
  console.log(`replay: ${info.transactions} transactions from ${info.files.filter((file) => file.used).length} files in ${Date.now() - started} ms: ${span}; ${loaded.replay.locks().length} locks`);
  if (info.reason !== null) console.warn(`replay: ${info.reason}`);
  const nextHandler = await pages(config);
  const explorer = createReplayExplorer({ loaded, roots: config.lockRoots, nextHandler });
  const stop = (signal: string): void => {
    console.log(`${signal}: shutting down`);
    void explorer.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`zk-lock-explorer (replay) listening on ${await explorer.listen(config.port, config.host)}`);
}

main().catch((error: unknown) => {
  console.error(`zk-lock-explorer failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

/**
 * Resolves once `session` has its first session (null) or says why it has none yet: the reason a
 * first try gave, or the time given running out. A member that ends the connection unanswered is
 * no refusal yet: a ZooKeeper starting up does so until it serves (a new session has seen no
 * transaction it could be behind).
 */
async function firstSession(session: ZkSession, timeoutMs: number): Promise<string | null> {
  let stopListening = (): void => undefined;
  const refused = new Promise<string>((resolve) => {
    const onReason = (reason: string | null): void => {
      if (reason !== null && session.why?.kind !== 'closed-unanswered') resolve(`no session yet: ${reason}`);
    };
    session.on('reason', onReason);
    stopListening = () => session.off('reason', onReason);
  });
  const started = session.start(timeoutMs).then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  try {
    return await Promise.race([started, refused]);
  } finally {
    stopListening();
  }
}
