export { sharedPageData, storeFreePageData } from './shared-page-data.ts';
