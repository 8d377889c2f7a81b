import { useEffect, useState, type RefObject } from 'react';

/** What a preview document posts to its parent whenever its body changes height. */
export type BodyHeightMessage = { type: 'BODY_HEIGHT'; name: string; height: number };

/**
 * What the parent posts to a preview frame to have it report its height now. The preview's own
 * first reports may come before this page listens (hydration runs later than a fast frame's
 * load), so the parent asks as soon as it listens and again on every load of the frame.
 */
export const BODY_HEIGHT_REQUEST = { type: 'BODY_HEIGHT_REQUEST' } as const;

/** Asks a preview frame for its height; a frame not yet navigated simply drops it. */
export function requestBodyHeight(iframe: HTMLIFrameElement | null | undefined): void {
  // The frame's document has an opaque origin (sandbox without allow-same-origin): '*' it is;
  // the message carries nothing.
  iframe?.contentWindow?.postMessage(BODY_HEIGHT_REQUEST, '*');
}

export function isBodyHeightMessage(data: unknown): data is BodyHeightMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === 'BODY_HEIGHT' &&
    typeof message.name === 'string' &&
    typeof message.height === 'number' &&
    Number.isFinite(message.height) &&
    message.height >= 0
  );
}

/**
 * The height a sandboxed preview reports for its body (a BODY_HEIGHT message), or null until
 * it has. Asks for it once listening (see {@link BODY_HEIGHT_REQUEST}). Previews run without `allow-same-origin`, so the parent cannot measure them; it
 * trusts only messages from this frame's own window (`event.source`), never from any other
 * frame or page, and only with this component's name.
 */
export function useBodyHeight(
  iframeRef: RefObject<HTMLIFrameElement | null>,
  name: string,
): number | null {
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const frameWindow = iframeRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      const data: unknown = event.data;
      if (!isBodyHeightMessage(data) || data.name !== name) return;
      setHeight(Math.ceil(data.height));
    }
    window.addEventListener('message', onMessage);
    // Listening now: ask, in case the frame reported before (its load will ask again).
    requestBodyHeight(iframeRef.current);
    return () => window.removeEventListener('message', onMessage);
  }, [iframeRef, name]);

  return height;
}
