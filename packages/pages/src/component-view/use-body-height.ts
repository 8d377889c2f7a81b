import { useEffect, useState, type RefObject } from 'react';

/** What a preview document posts to its parent whenever its body changes height. */
export type BodyHeightMessage = { type: 'BODY_HEIGHT'; name: string; height: number };

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
 * The height a sandboxed preview reports for its body (spec §2 Component view), or null until
 * it has. Previews run without `allow-same-origin`, so the parent cannot measure them; it
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
    return () => window.removeEventListener('message', onMessage);
  }, [iframeRef, name]);

  return height;
}
