/**
 * Controls change ZooKeeper (simulated contenders, breaking a lock, asking a holder to let go, cleaning up lock garbage): refused from another
 * site's page, limited per client address, and they read small JSON bodies only.
 */
import express, { Router } from 'express';
import { HttpError } from '../http-error';
import { isSameOrigin } from '../security';
import type { ExplorerContext } from './context';

const CONTROL_PATHS = ['/api/sim', '/api/break', '/api/revoke', '/api/garbage'];

/** The guard before every control: same site, within the rate, a small JSON body (GET reads pass). */
export function controlsGuard({ controls }: ExplorerContext): Router {
  const router = Router();

  router.use(CONTROL_PATHS, (request, _response, next) => {
    if (request.method === 'GET') return next();
    if (!isSameOrigin(request)) throw new HttpError(403, 'cross-site requests may not use the controls');
    if (!controls.allow(request.socket.remoteAddress ?? 'unknown')) throw new HttpError(429, controls.tooMany);
    next();
  });
  // A clean-up may name thousands of groups.
  router.use('/api/garbage', express.json({ limit: '1mb', strict: true, type: () => true }));
  router.use(CONTROL_PATHS, express.json({ limit: '16kb', strict: true, type: () => true }));

  return router;
}
