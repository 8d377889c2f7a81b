import { Router } from 'express';
import { requireUser } from '../auth/middleware.ts';
import { teamsController, type TeamsControllerDeps } from './controller.ts';

export function teamRoutes(deps: TeamsControllerDeps): Router {
  const c = teamsController(deps);
  const router = Router();
  router.get('/teams/:id', requireUser, c.show);
  router.patch('/teams/:id', requireUser, c.rename);
  router.delete('/teams/:id/invite-link', requireUser, c.resetInviteLink);
  router.patch('/teams/:id/members/:memberId', requireUser, c.changeRole);
  router.delete('/teams/:id/members/:memberId', requireUser, c.remove);
  // The invite link: open to visitors (they make an account or sign in and come back).
  router.get('/teams/:id/members', c.showJoin);
  router.post('/teams/:id/members', c.join);
  return router;
}
