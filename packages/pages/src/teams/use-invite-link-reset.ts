import { useEffect, useRef, useState } from 'react';
import { INVITE_RESET_INDICATOR_MS } from '../constants';

export type InviteLinkReset = {
  /**
   * The generating indicator: from the click until {@link INVITE_RESET_INDICATOR_MS} after the new
   * link arrived.
   */
  resetting: boolean;
  onReset: () => void;
};

/**
 * Resetting the invite link shows a generating indicator, restored 500 ms after the
 * request finishes (so the new link is already on the page when the indicator goes).
 * `reset` starts the request and calls `done` when it has finished, whatever the outcome.
 */
export function useInviteLinkReset(reset: (done: () => void) => void): InviteLinkReset {
  const [resetting, setResetting] = useState(false);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    resetting,
    onReset() {
      // One reset at a time: a double click must not invalidate the link it just made.
      if (busy.current) return;
      busy.current = true;
      setResetting(true);
      reset(() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          busy.current = false;
          setResetting(false);
        }, INVITE_RESET_INDICATOR_MS);
      });
    },
  };
}
