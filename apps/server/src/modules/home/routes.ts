import { Router } from 'express';
import { showHome, type HomeProps } from './controller.ts';

export function homeRoutes(props: HomeProps): Router {
  const router = Router();
  router.get('/', showHome(props));
  return router;
}
