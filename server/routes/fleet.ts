/** The ensembles an explorer follows, and which one a request reads (`?ensemble=<name>`). */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { EnsembleList, EnsembleSummary } from '../../lib/protocol';
import { HttpError } from '../http-error';

/** An ensemble as the routes see it: its name, how it stands, and the routes that read it. */
export interface RoutedEnsemble {
  name: string;
  summary(): EnsembleSummary;
  router: Router;
}

/** `GET /api/ensembles`, then every request handed to the routes of the ensemble it names (the first where it names none). */
export function fleetRouter(ensembles: readonly RoutedEnsemble[]): Router {
  const router = Router();
  const byName = new Map(ensembles.map((ensemble) => [ensemble.name, ensemble]));

  router.get('/api/ensembles', (_request, response) => {
    const body: EnsembleList = { ensembles: ensembles.map((ensemble) => ensemble.summary()) };
    response.json(body);
  });

  router.use((request: Request, response: Response, next: NextFunction) => {
    const asked = request.query.ensemble;
    const ensemble = asked === undefined ? ensembles[0] : typeof asked === 'string' ? byName.get(asked) : undefined;
    if (ensemble !== undefined) return ensemble.router(request, response, next);
    // A page is Next.js's to answer; a read of an ensemble that is not followed is refused.
    if (!/^\/(api\/|metrics$)/.test(request.path)) return next();
    if (typeof asked !== 'string') throw new HttpError(400, 'ensemble: give one name');
    throw new HttpError(404, `no ensemble named ${JSON.stringify(asked)} is followed (GET /api/ensembles lists them)`);
  });

  return router;
}
