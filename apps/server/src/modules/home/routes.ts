import { Router } from 'express';
import { showHome } from './controller.ts';

export function homeRoutes(): Router {
  const router = Router();
  router.get('/', showHome);
  return router;
}
