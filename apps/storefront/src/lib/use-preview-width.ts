import { router } from '@inertiajs/react';
import type { PreviewWidth } from '@tessera/pages';
import { useState } from 'react';

/**
 * The preview frame's preset width: the frame takes it at once, then it is persisted with
 * PUT /preview-width like the code language, so the next page opens at it. Only the shared
 * `previewWidth` is reloaded.
 */
export function usePreviewWidth(
  shared: PreviewWidth,
): [PreviewWidth, (next: PreviewWidth) => void] {
  const [pending, setPending] = useState<PreviewWidth | null>(null);
  const choose = (next: PreviewWidth) => {
    setPending(next);
    router.put(
      '/preview-width',
      { preview_width: next },
      {
        preserveScroll: true,
        preserveState: true,
        only: ['previewWidth'],
        onFinish: () => setPending(null),
      },
    );
  };
  return [pending ?? shared, choose];
}
