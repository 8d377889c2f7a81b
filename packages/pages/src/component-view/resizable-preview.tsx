import { cn } from '@tessera/ui';
import { useEffect, useId, useRef, useState } from 'react';
import type * as React from 'react';
import { PREVIEW_MIN_WIDTH } from '../constants';
/** How far one arrow-key press moves the resize handle. */
export const PREVIEW_RESIZE_STEP = 16;
/** The resize handle's width, beside the frame. */
export const PREVIEW_HANDLE_WIDTH = 16;
/**
 * Below this track width the frame cannot be both at its minimum and beside its handle (a phone):
 * the frame fills the track and the handle is hidden, there being nothing to resize
 * (docs/decisions/017-previews-and-new.md). The class `@max-[376px]:` below says the same in CSS,
 * so the server's HTML is already laid out right.
 */
export const PREVIEW_HANDLE_MIN_TRACK = PREVIEW_MIN_WIDTH + PREVIEW_HANDLE_WIDTH;

/** The width a full-width preview frame takes in a track (the preview's container) this wide. */
export function previewFrameWidth(trackWidth: number): number {
  return trackWidth < PREVIEW_HANDLE_MIN_TRACK ? trackWidth : trackWidth - PREVIEW_HANDLE_WIDTH;
}

/**
 * Keeps a dragged width between {@link PREVIEW_MIN_WIDTH} and the space available; where less
 * than the minimum is available (a phone), the frame takes what there is.
 */
export function clampPreviewWidth(width: number, containerWidth: number): number {
  const max = Math.max(0, Math.floor(containerWidth));
  const min = Math.min(PREVIEW_MIN_WIDTH, max);
  return Math.min(Math.max(Math.round(width), min), max);
}

type Drag = { pointerId: number; startX: number; startWidth: number };

export type ResizablePreviewProps = {
  /** The accessible name of the resize handle, e.g. 'Resize Simple centered preview'. */
  label: string;
  /**
   * Renders the frame for the width it currently has; null while it fills a container not yet
   * measured (the first render, and on the server).
   */
  children: (frameWidth: number | null) => React.ReactNode;
  /** A starting width (stories); the full container width by default. */
  defaultWidth?: number;
  /**
   * A preset width chosen beside the handle: pixels, or null for the full container width;
   * undefined when none is chosen. The frame takes it whenever it changes.
   */
  presetWidth?: number | null;
  /** Called when the handle (pointer or keys) moves: the frame is no longer at its preset. */
  onResize?: () => void;
  className?: string;
};

/**
 * A preview frame with a handle on its right edge, dragged (or moved with the arrow keys,
 * Home and End) to any width between 360px and the container's. In a
 * container too narrow for 360px and the handle, the frame is full width and has no handle.
 */
export function ResizablePreview({
  label,
  children,
  defaultWidth,
  presetWidth,
  onResize,
  className,
}: ResizablePreviewProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const frameId = useId();
  const [containerWidth, setContainerWidth] = useState(0);
  // null: as wide as the container, following it as the window resizes.
  const [width, setWidth] = useState<number | null>(defaultWidth ?? presetWidth ?? null);
  const [dragging, setDragging] = useState(false);

  // A newly chosen preset replaces the width, set while rendering (React's "adjusting state when
  // a prop changes"), so the frame never paints at the old width first.
  const [appliedPreset, setAppliedPreset] = useState(presetWidth);
  if (presetWidth !== appliedPreset) {
    setAppliedPreset(presetWidth);
    if (presetWidth !== undefined) setWidth(presetWidth);
  }

  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setContainerWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  // Not measured yet (the first render, the server): the minimum stands in for the container.
  const max = containerWidth > 0 ? containerWidth : PREVIEW_MIN_WIDTH;
  const current = clampPreviewWidth(width ?? max, max);

  function resizeTo(next: number | null) {
    onResize?.();
    if (next === null) return setWidth(null);
    const clamped = clampPreviewWidth(next, containerWidth);
    setWidth(clamped >= containerWidth ? null : clamped);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => resizeTo(current - PREVIEW_RESIZE_STEP),
      ArrowRight: () => resizeTo(current + PREVIEW_RESIZE_STEP),
      Home: () => resizeTo(PREVIEW_MIN_WIDTH),
      End: () => resizeTo(null),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startWidth: current };
    setDragging(true);
  }

  function onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
    const active = drag.current;
    if (!active || active.pointerId !== event.pointerId) return;
    resizeTo(active.startWidth + event.clientX - active.startX);
  }

  function endDrag(event: React.PointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  }

  return (
    // The outer box is the container the frame's reserved height and the handle's presence are
    // queried against (CSS container queries work before hydration); the inner one is the track.
    <div
      data-slot="resizable-preview"
      data-dragging={dragging || undefined}
      className={cn(
        '@container',
        'bg-[repeating-linear-gradient(-45deg,var(--color-gray-200)_0_1px,transparent_1px_7px)]',
        className,
      )}
    >
      <div ref={trackRef} className="relative pr-4 @max-[376px]:pr-0">
        <div
          id={frameId}
          className={cn(
            'relative max-w-full bg-white',
            dragging && '[&_iframe]:pointer-events-none',
          )}
          style={{ width: width === null ? '100%' : `${width}px` }}
        >
          {children(width === null && containerWidth === 0 ? null : current)}
          <div
            role="separator"
            tabIndex={0}
            aria-label={label}
            aria-controls={frameId}
            aria-orientation="vertical"
            aria-valuemin={PREVIEW_MIN_WIDTH}
            aria-valuemax={max}
            aria-valuenow={current}
            aria-valuetext={`${current} pixels wide`}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            className="group/handle absolute inset-y-0 left-full flex w-4 cursor-ew-resize touch-none items-center justify-center border-l border-gray-900/10 bg-gray-50 outline-none hover:bg-gray-100 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 @max-[376px]:hidden"
          >
            <span
              aria-hidden="true"
              className={cn(
                'h-8 w-1 rounded-full bg-gray-300 group-hover/handle:bg-gray-400 group-focus-visible/handle:bg-brand-600',
                dragging && 'bg-brand-600',
              )}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
