// The data every page's chrome reads (the shared page data), with or without the stores.
export { sharedPageData, storeFreePageData } from './presenter.ts';
