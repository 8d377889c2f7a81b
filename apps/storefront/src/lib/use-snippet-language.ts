import { router } from '@inertiajs/react';
import type { SnippetLanguage } from '@tessera/pages';
import { useCallback, useState } from 'react';

/**
 * The code language shown in every component view: switches at once, then is persisted with
 * PUT /snippet-language (on the account, or the visitor's session) so the next page opens in it.
 * Only the shared `snippetLang` is reloaded: the components on screen stay as they are.
 */
export function useSnippetLanguage(
  shared: SnippetLanguage,
): [SnippetLanguage, (next: SnippetLanguage) => void] {
  // The choice being saved; the shared value takes over once the server has it.
  const [pending, setPending] = useState<SnippetLanguage | null>(null);
  // Stable, so a component view waiting to hydrate sees the same props (decision 064).
  const choose = useCallback((next: SnippetLanguage) => {
    setPending(next);
    router.put(
      '/snippet-language',
      { snippet_lang: next },
      {
        preserveScroll: true,
        preserveState: true,
        only: ['snippetLang'],
        onFinish: () => setPending(null),
      },
    );
  }, []);
  return [pending ?? shared, choose];
}
