/** The ensembles an explorer follows, which one a request reads (`?ensemble=<name>`), and the metrics of all of them. */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Registry } from 'prom-client';
import type { EnsembleList, EnsembleSummary } from '../../lib/protocol';
import { HttpError } from '../http-error';

/** An ensemble as the routes see it: its name, how it stands, and the routes that read it. */
export interface RoutedEnsemble {
  name: string;
  summary(): EnsembleSummary;
  /** Keeps ZooKeeper's report of it coming a while: what is read rests on it. */
  touch(): void;
  router: Router;
}

/**
 * `GET /api/ensembles`; `GET /metrics`, every ensemble's series (one ensemble's with `?ensemble=`);
 * then every request handed to the routes of the ensemble it names (the first where it names none).
 */
export function fleetRouter(ensembles: readonly RoutedEnsemble[], metrics: (name: string | null) => Registry): Router {
  const router = Router();
  const byName = new Map(ensembles.map((ensemble) => [ensemble.name, ensemble]));
  const named = (request: Request): RoutedEnsemble | undefined => {
    const asked = request.query.ensemble;
    return asked === undefined ? ensembles[0] : typeof asked === 'string' ? byName.get(asked) : undefined;
  };
  const refuse = (request: Request): never => {
    const asked = request.query.ensemble;
    if (typeof asked !== 'string') throw new HttpError(400, 'ensemble: give one name');
    throw new HttpError(404, `no ensemble named ${JSON.stringify(asked)} is followed (GET /api/ensembles lists them)`);
  };

  router.get('/api/ensembles', (_request, response) => {
    const body: EnsembleList = { ensembles: ensembles.map((ensemble) => ensemble.summary()) };
    response.json(body);
  });

  router.get('/metrics', async (request, response) => {
    const one = request.query.ensemble === undefined ? null : (named(request) ?? refuse(request));
    for (const ensemble of one === null ? ensembles : [one]) ensemble.touch();
    const registry = metrics(one?.name ?? null);
    response.set('Content-Type', registry.contentType);
    response.send(await registry.metrics());
  });

  router.use((request: Request, response: Response, next: NextFunction) => {
    const ensemble = named(request);
    if (ensemble !== undefined) return ensemble.router(request, response, next);
    // A page is Next.js's to answer; a read of an ensemble that is not followed is refused.
    if (!/^\/api\//.test(request.path)) return next();
    return refuse(request);
  });

  return router;
}
