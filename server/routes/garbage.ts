/**
 * The lock garbage: `GET /api/garbage` (the view), `GET /api/garbage/empty` (a group's empty
 * parents, or the dry run of a clean-up, as JSON or zkCli commands), and, where ALLOW_CLEANUP
 * allows it (with the token and from the same site, as every control), the clean-up of empty
 * parents and the deletion of one leaked node at a time. Every action is logged.
 */
import { Router, type Request } from 'express';
import { zkCliCommands } from '../../lib/lock/garbage';
import { CleanupRequestSchema, EmptyParentsQuerySchema, LeakedDeleteRequestSchema, type GarbageView } from '../../lib/protocol';
import { isWithin } from '../../lib/zk/path';
import { HttpError, parseInput } from '../http-error';
import type { LockGarbage } from '../locks/garbage';
import { bearerToken } from '../security';
import type { ExplorerContext } from './context';

/** The largest groups the view lists; `GET /api/garbage/empty?group=` reads any group's parents. */
export const GARBAGE_GROUPS_SHOWN = 200;
/** The leaked nodes, ghosts and persistent nodes the view lists at most, the oldest first. */
const ITEMS_SHOWN = 500;

export function garbageRouter(context: ExplorerContext & { garbage: LockGarbage; cleanupAllowed: boolean }): Router {
  const { garbage, session, registry, features, roots, controls, discovery } = context;
  const router = Router();
  const say = (line: string): void => console.log(line);

  router.get('/api/garbage', (_request, response) => {
    garbage.takeFiles(context.files);
    const groups = garbage.groups();
    const leaked = garbage.leaked();
    const persistent = garbage.persistentInLocks();
    const { ghosts, known } = garbage.ghosts();
    const view: GarbageView = {
      at: context.now(),
      counts: { emptyParents: groups.reduce((sum, group) => sum + group.count, 0), leaked: leaked.length, ghosts: ghosts.length, persistentInLocks: persistent.length },
      scanned: discovery.discoveryStatus().scan.endedAt !== null,
      groups: groups.slice(0, GARBAGE_GROUPS_SHOWN),
      groupCount: groups.length,
      leaked: leaked.slice(0, ITEMS_SHOWN),
      ghosts: ghosts.slice(0, ITEMS_SHOWN),
      ghostsKnown: known,
      persistentInLocks: persistent.slice(0, ITEMS_SHOWN),
      cleanup: { allowed: context.cleanupAllowed, leaked: context.cleanupAllowed || features.breakLocks, rate: garbage.cleanupRate, last: garbage.lastRun() },
    };
    response.json(view);
  });

  // The parents of one group (or all), as a clean-up of them would delete them now: the dry run.
  router.get('/api/garbage/empty', (request, response) => {
    const query = parseInput(EmptyParentsQuerySchema, request.query, 'invalid garbage query');
    garbage.takeFiles(context.files);
    const group = query.group ?? null;
    const planned = query.minIdleMs === undefined ? null : garbage.plan(group === null ? null : [group], query.minIdleMs);
    const all = planned?.plan ?? garbage.emptyParents(group);
    const items = all.slice(query.offset, query.offset + query.limit);
    if (query.format === 'zkcli') {
      response.type('text/plain').send(zkCliCommands(items));
      return;
    }
    response.json({ group, total: all.length, offset: query.offset, items, ...(planned === null ? {} : { recent: planned.recent }) });
  });

  /** Refused unless clean-up is allowed here, the token is right. */
  const allowed = (request: Request, what: 'cleanup' | 'leaked'): void => {
    const on = what === 'cleanup' ? context.cleanupAllowed : context.cleanupAllowed || features.breakLocks;
    if (!on) throw new HttpError(403, `${what === 'cleanup' ? 'cleaning up empty lock parents' : 'deleting a leaked node'} is off: start the explorer with ALLOW_CLEANUP=1 to allow it (GET /api/garbage/empty?format=zkcli gives the zkCli.sh commands instead)`);
    controls.requireToken(bearerToken(request.headers.authorization));
  };

  router.post('/api/garbage/cleanup', (request, response) => {
    allowed(request, 'cleanup');
    const wanted = parseInput(CleanupRequestSchema, request.body, 'invalid clean-up request');
    for (const group of wanted.groups ?? []) {
      if (!roots.some((root) => isWithin(group, root))) throw new HttpError(400, `only empty parents under ${roots.join(', ')} (LOCK_ROOTS) may be deleted: ${group} is not`);
    }
    const { plan } = garbage.plan(wanted.groups, wanted.minIdleMs);
    // The dry run the operator saw must still be what runs: a pile grown since is shown again first.
    if (plan.length > wanted.expected) throw new HttpError(409, `the plan has grown since it was shown (${plan.length} empty parents, not ${wanted.expected}): look at the dry run again`);
    let run;
    try {
      run = garbage.startCleanup(wanted.groups, wanted.minIdleMs, (line) => say(`${line} (asked by ${request.ip ?? 'an unknown address'})`));
    } catch (error) {
      throw new HttpError(409, error instanceof Error ? error.message : String(error));
    }
    response.status(202).json(run);
  });

  router.get('/api/garbage/cleanup', (_request, response) => {
    const run = garbage.lastRun();
    if (run === null) throw new HttpError(404, 'no clean-up has run');
    response.json(run);
  });

  router.delete('/api/garbage/cleanup', (request, response) => {
    allowed(request, 'cleanup');
    if (!garbage.stopCleanup()) throw new HttpError(409, 'no clean-up is running');
    say(`garbage clean-up stopped at the request of ${request.ip ?? 'an unknown address'}`);
    response.json(garbage.lastRun());
  });

  router.post('/api/garbage/leaked', async (request, response) => {
    allowed(request, 'leaked');
    const wanted = parseInput(LeakedDeleteRequestSchema, request.body, 'invalid leaked-node request');
    if (!roots.some((root) => isWithin(wanted.lock, root))) throw new HttpError(400, `only nodes under ${roots.join(', ')} (LOCK_ROOTS) may be deleted`);
    const leaked = garbage.leakedIn(await registry.snapshot(wanted.lock)).find((node) => node.node === wanted.node);
    if (leaked === undefined) throw new HttpError(409, `${wanted.node} is no leaked node of ${wanted.lock} now: look again first`);
    const stat = await session.exists(leaked.path);
    if (stat === null) throw new HttpError(409, `${leaked.path} is already gone`);
    if (stat.czxid !== wanted.czxid) throw new HttpError(409, `${leaked.path} was created again since it was shown (czxid ${stat.czxid}, not ${wanted.czxid}): look again first`);
    await session.remove(leaked.path, stat.version);
    say(`deleted the leaked node ${leaked.path} of ${wanted.lock} (${leaked.why}, owner session ${leaked.sessionId}, czxid ${stat.czxid}) at the request of ${request.ip ?? 'an unknown address'}`);
    response.json({ deleted: leaked.path, sessionId: leaked.sessionId, why: leaked.why });
  });

  return router;
}
