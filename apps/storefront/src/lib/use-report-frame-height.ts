import type { BodyHeightMessage } from '@tessera/pages';
import { useEffect, type RefObject } from 'react';

/**
 * Inside a frame: tells the parent page how tall `ref`'s element is whenever that changes, with
 * the BODY_HEIGHT message the component previews use ({type, name, height}), so the parent
 * sizes the iframe with `useBodyHeight`. Only our own origin receives it.
 */
export function useReportFrameHeight(ref: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || window.parent === window || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      const message: BodyHeightMessage = { type: 'BODY_HEIGHT', name, height };
      window.parent.postMessage(message, window.location.origin);
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [ref, name]);
}
