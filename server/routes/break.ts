/**
 * Freeing a stuck lock, only when allowed (ALLOW_BREAK_LOCKS), with the token when one is set,
 * and logged: asking a Curator holder to let go (`__REVOKE__` written into its node), or
 * breaking the lock (deleting the node). Both act on the node the operator saw (the same czxid).
 */
import { Router, type Request } from 'express';
import { revocability, REVOKE_MESSAGE } from '../../lib/lock/revoke';
import { BreakRequestSchema, type LockNode, type ZnodeStat } from '../../lib/protocol';
import { isWithin } from '../../lib/zk/path';
import { HttpError, parseInput } from '../http-error';
import { bearerToken } from '../security';
import type { ExplorerContext } from './context';

export function breakRouter(context: ExplorerContext): Router {
  const { session, registry, histories, features, roots, controls } = context;
  const router = Router();

  /** The node the request names, as it is now: refused unless writes are allowed, the token is right, it is under the roots and still the node shown. */
  const shownNode = async (request: Request, action: 'break' | 'revoke'): Promise<{ lockPath: string; recipe: string; node: LockNode; stat: ZnodeStat }> => {
    const doing = action === 'break' ? 'breaking locks' : 'asking a holder to let go';
    if (!features.breakLocks) throw new HttpError(403, `${doing} is off: start the explorer with ALLOW_BREAK_LOCKS=1 to allow it`);
    controls.requireToken(bearerToken(request.headers.authorization));
    const wanted = parseInput(BreakRequestSchema, request.body, `invalid ${action} request`);
    if (!roots.some((root) => isWithin(wanted.path, root))) throw new HttpError(400, `only locks under ${roots.join(', ')} (LOCK_ROOTS) may be changed`);
    const snapshot = await registry.snapshot(wanted.path);
    const node = snapshot.nodes.find((candidate) => candidate.name === wanted.node);
    if (node === undefined) throw new HttpError(404, `${wanted.node} is not a node of the lock ${wanted.path}`);
    const stat = await session.exists(node.path);
    if (stat === null) throw new HttpError(409, `${node.path} is already gone`);
    if (stat.czxid !== wanted.czxid) {
      throw new HttpError(409, `${node.path} was created again since it was shown (czxid ${stat.czxid}, not ${wanted.czxid}): look again first`);
    }
    return { lockPath: wanted.path, recipe: snapshot.recipe.id, node, stat };
  };

  router.post('/api/break', async (request, response) => {
    const { lockPath, node, stat } = await shownNode(request, 'break');
    histories.markBroken(node.path);
    await session.remove(node.path, stat.version);
    console.log(`broke lock ${lockPath}: deleted ${node.path} (${node.role}, owner session ${node.sessionId}, czxid ${stat.czxid}) at the request of ${request.ip ?? 'an unknown address'}`);
    response.json({ deleted: node.path, role: node.role, sessionId: node.sessionId });
  });

  router.post('/api/revoke', async (request, response) => {
    const { lockPath, recipe, node, stat } = await shownNode(request, 'revoke');
    const heard = revocability(recipe, node);
    if (heard === 'unsupported') throw new HttpError(400, `${node.name} is not the holder of a Curator lock: only Curator's InterProcessMutex (and its read-write lock) can be asked to let go`);
    if (heard === 'not-listening') {
      throw new HttpError(409, `the holder's session ${node.sessionId} does not watch ${node.name}: it did not make the lock revocable (makeRevocable), so nothing would hear the request`);
    }
    // The version shown: a write in between (the holder's own data, another request) is not overwritten.
    await session.setData(node.path, Buffer.from(REVOKE_MESSAGE), stat.version);
    console.log(`asked the holder of ${lockPath} to let go: wrote ${REVOKE_MESSAGE} into ${node.path} (owner session ${node.sessionId}, czxid ${stat.czxid}) at the request of ${request.ip ?? 'an unknown address'}`);
    response.json({ revoked: node.path, sessionId: node.sessionId, listening: heard === 'listening' });
  });

  return router;
}
