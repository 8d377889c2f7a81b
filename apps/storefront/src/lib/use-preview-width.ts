import type { PreviewWidth } from '@tessera/pages';
import { useRememberedChoice } from './use-remembered-choice';

/** The preview frame's preset width (PUT /preview-width), so the next page opens at it. */
export const usePreviewWidth = (shared: PreviewWidth) =>
  useRememberedChoice(shared, {
    url: '/preview-width',
    field: 'preview_width',
    prop: 'previewWidth',
  });
