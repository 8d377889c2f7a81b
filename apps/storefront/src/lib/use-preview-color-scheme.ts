import type { PreviewColorScheme } from '@tessera/pages';
import { useRememberedChoice } from './use-remembered-choice';

/** The component previews' colour scheme; the frames are told by message (PUT /preview-color-scheme). */
export const usePreviewColorScheme = (shared: PreviewColorScheme) =>
  useRememberedChoice(shared, {
    url: '/preview-color-scheme',
    field: 'preview_color_scheme',
    prop: 'previewColorScheme',
  });
