/** The simulator's routes: list, spawn, stop and act on simulated contenders, inside the sandbox root and with the token when one is set. */
import { Router } from 'express';
import { ActionRequestSchema, ContenderActionSchema, SpawnRequestSchema, ZnodePath, type Features, type SpawnRequest } from '../../lib/protocol';
import { HttpError, parseInput } from '../http-error';
import { bearerToken } from '../security';
import { insideSandbox } from '../sim/simulator';
import type { ExplorerContext } from './context';

/** A spawn request, checked: valid, and inside the sandbox. */
export function spawnRequest(body: unknown, features: Features): SpawnRequest {
  const request = parseInput(SpawnRequestSchema, body, 'invalid contenders request');
  if (!insideSandbox(request.path, features.simRoot)) throw new HttpError(400, `simulated contenders may only use paths below ${features.simRoot} (SIM_ROOT)`);
  return request;
}

export function simRouter({ simulator, features, controls }: ExplorerContext): Router {
  const router = Router();
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
  router.post('/api/sim/contenders/renew', async (request, response) => {
    const sim = controls.simulator(bearerToken(request.headers.authorization));
    const path = parseInput(ZnodePath, request.query.path, 'invalid path');
    const renewed = await sim.renew(path);
    if (renewed === 0) throw new HttpError(404, `no contender of ${path} holds a lease`);
    response.json({ renewed });
  });
  router.post('/api/sim/contenders/:id/:action', async (request, response) => {
    const sim = controls.simulator(bearerToken(request.headers.authorization));
    const action = parseInput(ContenderActionSchema, request.params.action, 'unknown action');
    const body = parseInput(ActionRequestSchema, request.body ?? {}, 'invalid action body');
    response.json({ contender: await sim.act(String(request.params.id), action, body.ms) });
  });

  return router;
}
