import { router } from '@inertiajs/react';
import { useCallback, useState } from 'react';

/**
 * A viewer's remembered choice (the code language, the previews' colour scheme and width): it
 * takes effect at once, then is persisted with `PUT url` (on the account, or the visitor's
 * session) so the next page opens with it. Only the shared prop is reloaded: the components on
 * screen stay as they are. The setter is stable, so a component view waiting to hydrate sees the
 * same props (decision 064).
 */
export function useRememberedChoice<T extends string>(
  shared: T,
  persist: { url: string; field: string; prop: string },
): [T, (next: T) => void] {
  // The choice being saved; the shared value takes over once the server has it.
  const [pending, setPending] = useState<T | null>(null);
  const { url, field, prop } = persist;
  const choose = useCallback(
    (next: T) => {
      setPending(next);
      router.put(
        url,
        { [field]: next },
        {
          preserveScroll: true,
          preserveState: true,
          only: [prop],
          onFinish: () => setPending(null),
        },
      );
    },
    [url, field, prop],
  );
  return [pending ?? shared, choose];
}
