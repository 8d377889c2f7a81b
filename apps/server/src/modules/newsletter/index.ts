// The default mailing-list form service.
export { newsletterRoutes } from './routes.ts';
export { newsletterRepository } from './repository.ts';
