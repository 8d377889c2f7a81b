// 'Your updates' (decision 065): which version of each component a customer last copied or
// installed, the notice on a component that changed since, and the page that lists them.
export { componentsTakenRepository, type TakenHow } from './repository.ts';
export { componentsTaken } from './service.ts';
export { updatesRoutes, type UpdatesRoutesDeps } from './routes.ts';
