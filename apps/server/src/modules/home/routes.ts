import { Router } from 'express';
import { homeController, type HomeDeps } from './controller.ts';

export function homeRoutes(deps: HomeDeps): Router {
  const home = homeController(deps);
  const router = Router();
  router.get('/', home.show);
  return router;
}
