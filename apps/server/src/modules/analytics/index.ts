export { pageViews } from './page-views.ts';
export { REPORT_DAYS, pageViewBeacons } from './routes.ts';
