import { useEffect, type ReactNode } from 'react';

/**
 * For pages shown inside another page's frame (the sandbox checkout): no header, footer or
 * flash messages, only the page.
 */
export function FrameLayout({ children }: { children: ReactNode }) {
  // Lets browser tests know the frame is interactive, as StoreLayout does for pages.
  useEffect(() => document.documentElement.setAttribute('data-page-hydrated', ''), []);
  return <main className="bg-white">{children}</main>;
}
