// Content pages: documentation, changelog, privacy policy, and the links that lead elsewhere.
export { contentRoutes } from './routes.ts';
