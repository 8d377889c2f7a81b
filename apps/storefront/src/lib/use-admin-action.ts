import { router } from '@inertiajs/react';
import { useState } from 'react';

/** What Inertia posts: fields, and the passkey answer's nested object (decision 052). */
type Data = NonNullable<Parameters<typeof router.post>[1]>;

/**
 * A back-office action: one request at a time (the page's buttons wait while it runs), the
 * page kept where it is and as it is (an open dialog shows the server's errors), and `done`
 * called only when the server took it without errors.
 */
export function useAdminAction() {
  const [processing, setProcessing] = useState(false);
  function send(method: 'post' | 'delete', url: string, data: Data = {}, done?: () => void) {
    const options = {
      preserveScroll: true,
      preserveState: true,
      onStart: () => setProcessing(true),
      onFinish: () => setProcessing(false),
      onSuccess: () => done?.(),
    };
    if (method === 'delete') router.delete(url, options);
    else router.post(url, data, options);
  }
  return { processing, send };
}
