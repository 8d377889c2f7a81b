import { Router } from 'express';
import { homeController, type HomeDeps } from './controller.ts';

export function homeRoutes(deps: HomeDeps): Router {
  const home = homeController(deps);
  const router = Router();
  // The legacy version's home (decision 049): the same page, its links in the /v1 catalogue.
  router.get('/', home.show);
  router.get('/v1', home.show);
  return router;
}
