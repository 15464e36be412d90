/** Breaking a stuck lock: deletes the node the operator saw (the same czxid), only when allowed, with the token when one is set, and logs it. */
import { Router } from 'express';
import { BreakRequestSchema } from '../../lib/protocol';
import { isWithin } from '../../lib/zk/path';
import { HttpError, parseInput } from '../http-error';
import { bearerToken } from '../security';
import type { ExplorerContext } from './context';

export function breakRouter({ session, registry, histories, features, roots, controls }: ExplorerContext): Router {
  const router = Router();
  router.post('/api/break', async (request, response) => {
    if (!features.breakLocks) throw new HttpError(403, 'breaking locks is off: start the explorer with ALLOW_BREAK_LOCKS=1 to allow it');
    controls.requireToken(bearerToken(request.headers.authorization));
    const wanted = parseInput(BreakRequestSchema, request.body, 'invalid break request');
    if (!roots.some((root) => isWithin(wanted.path, root))) throw new HttpError(400, `only locks under ${roots.join(', ')} (LOCK_ROOTS) may be broken`);
    const snapshot = await registry.snapshot(wanted.path);
    const node = snapshot.nodes.find((candidate) => candidate.name === wanted.node);
    if (node === undefined) throw new HttpError(404, `${wanted.node} is not a node of the lock ${wanted.path}`);
    const stat = await session.exists(node.path);
    if (stat === null) throw new HttpError(409, `${node.path} is already gone`);
    if (stat.czxid !== wanted.czxid) {
      throw new HttpError(409, `${node.path} was created again since it was shown (czxid ${stat.czxid}, not ${wanted.czxid}): look again before breaking it`);
    }
    histories.markBroken(node.path);
    await session.remove(node.path, stat.version);
    console.log(`broke lock ${wanted.path}: deleted ${node.path} (${node.role}, owner session ${node.sessionId}, czxid ${stat.czxid}) at the request of ${request.ip ?? 'an unknown address'}`);
    response.json({ deleted: node.path, role: node.role, sessionId: node.sessionId });
  });

  return router;
}
