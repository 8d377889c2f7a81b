import { router } from '@inertiajs/react';
import type { PreviewColorScheme } from '@tessera/pages';
import { useCallback, useState } from 'react';

/**
 * The component previews' colour scheme: switches at once (the frames are told by message),
 * then is persisted with PUT /preview-color-scheme like the code language, so the next page
 * opens in it. Only the shared `previewColorScheme` is reloaded.
 */
export function usePreviewColorScheme(
  shared: PreviewColorScheme,
): [PreviewColorScheme, (next: PreviewColorScheme) => void] {
  const [pending, setPending] = useState<PreviewColorScheme | null>(null);
  // Stable, so a component view waiting to hydrate sees the same props (decision 064).
  const choose = useCallback((next: PreviewColorScheme) => {
    setPending(next);
    router.put(
      '/preview-color-scheme',
      { preview_color_scheme: next },
      {
        preserveScroll: true,
        preserveState: true,
        only: ['previewColorScheme'],
        onFinish: () => setPending(null),
      },
    );
  }, []);
  return [pending ?? shared, choose];
}
