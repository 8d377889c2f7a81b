// First-party page views: the beacon the client sends, and the report the back office shows.
export { pageViewBeacons, REPORT_DAYS } from './routes.ts';
export { pageViews } from './service.ts';
