/**
 * The e2e suite's test support, one module: the store and browser of a file (`storeSuite`),
 * waiting for a page to hydrate, signing in, the sandbox checkout, the outbox and the database
 * as an operator reads them, and the console watch.
 */
export { launchBrowser } from './browser';
export { startStore, type RunningStore } from './store';
export { storeSuite, type StoreSuiteOptions, type SuiteBrowser } from './suite';
export * from './journey';
