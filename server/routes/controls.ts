/**
 * Controls change ZooKeeper (simulated contenders, breaking a lock): refused from another
 * site's page, limited per client address, and they read small JSON bodies only.
 */
import express, { Router } from 'express';
import { ActionRequestSchema, BreakRequestSchema, ContenderActionSchema, SpawnRequestSchema, ZnodePath, type Features, type SpawnRequest } from '../../lib/protocol';
import { isWithin } from '../../lib/zk/path';
import { HttpError, parseInput } from '../http-error';
import { bearerToken, isSameOrigin } from '../security';
import { insideSandbox } from '../sim/simulator';
import type { ExplorerContext } from './context';

const CONTROL_PATHS = ['/api/sim', '/api/break'];

/** A spawn request, checked: valid, and inside the sandbox. */
export function spawnRequest(body: unknown, features: Features): SpawnRequest {
  const request = parseInput(SpawnRequestSchema, body, 'invalid contenders request');
  if (!insideSandbox(request.path, features.simRoot)) throw new HttpError(400, `simulated contenders may only use paths below ${features.simRoot} (SIM_ROOT)`);
  return request;
}

export function controlsRouter(context: ExplorerContext): Router {
  const { session, registry, simulator, features, roots, controls } = context;
  const router = Router();

  router.use(CONTROL_PATHS, (request, _response, next) => {
    if (request.method === 'GET') return next();
    if (!isSameOrigin(request)) throw new HttpError(403, 'cross-site requests may not use the controls');
    if (!controls.allow(request.socket.remoteAddress ?? 'unknown')) throw new HttpError(429, controls.tooMany);
    next();
  });
  router.use(CONTROL_PATHS, express.json({ limit: '16kb', strict: true, type: () => true }));

  // Breaking a stuck lock: delete the node the operator saw (same czxid), only when allowed, and log it.
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
    await session.remove(node.path, stat.version);
    console.log(`broke lock ${wanted.path}: deleted ${node.path} (${node.role}, owner session ${node.sessionId}, czxid ${stat.czxid}) at the request of ${request.ip ?? 'an unknown address'}`);
    response.json({ deleted: node.path, role: node.role, sessionId: node.sessionId });
  });

  router.get('/api/sim/contenders', async (_request, response) => {
    if (simulator === null) throw new HttpError(403, features.simulationReason ?? 'simulation is off');
    response.json(await simulator.listNow());
  });
  router.post('/api/sim/contenders', async (request, response) => {
    const sim = controls.simulator(bearerToken(request.headers.authorization));
    response.status(201).json({ contenders: await sim.spawn(spawnRequest(request.body, features)) });
  });
  router.delete('/api/sim/contenders', async (request, response) => {
    const sim = controls.simulator(bearerToken(request.headers.authorization));
    const only = typeof request.query.path === 'string' ? parseInput(ZnodePath, request.query.path, 'invalid path') : undefined;
    response.json({ stopped: await sim.stopAll(only) });
  });
  router.post('/api/sim/contenders/:id/:action', async (request, response) => {
    const sim = controls.simulator(bearerToken(request.headers.authorization));
    const action = parseInput(ContenderActionSchema, request.params.action, 'unknown action');
    const body = parseInput(ActionRequestSchema, request.body ?? {}, 'invalid action body');
    response.json({ contender: await sim.act(String(request.params.id), action, body.ms) });
  });

  return router;
}
