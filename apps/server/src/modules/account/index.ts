// The account page: e-mail, password, other sessions, personal access tokens, purchase
// history, and the display choices (code language, preview colour scheme) kept per viewer.
export { accountRoutes, type AccountRoutesDeps } from './routes.ts';
