import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_MIN_WIDTH } from '../constants';
import {
  clampPreviewWidth,
  previewFrameWidth,
  PREVIEW_RESIZE_STEP,
  ResizablePreview,
} from './resizable-preview';

const CONTAINER_WIDTH = 1000;

/** jsdom has no layout: report a fixed container width, as the browser's observer would. */
class FixedResizeObserver {
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    const entry = { target, contentRect: { width: CONTAINER_WIDTH } } as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

function renderPreview(defaultWidth?: number) {
  render(
    <ResizablePreview label="Resize the preview" defaultWidth={defaultWidth}>
      {(width) => <p>Frame at {width === null ? 'full width' : `${width}px`}</p>}
    </ResizablePreview>,
  );
  return screen.getByRole('separator', { name: 'Resize the preview' });
}

describe('clampPreviewWidth', () => {
  it('keeps widths between the minimum and the container', () => {
    expect(clampPreviewWidth(500, 1000)).toBe(500);
    expect(clampPreviewWidth(100, 1000)).toBe(PREVIEW_MIN_WIDTH);
    expect(clampPreviewWidth(1400, 1000)).toBe(1000);
    expect(clampPreviewWidth(480.6, 1000)).toBe(481);
  });

  it('in a container narrower than the minimum (a phone), takes the container’s width', () => {
    expect(clampPreviewWidth(200, 300)).toBe(300);
    expect(clampPreviewWidth(800, 300)).toBe(300);
    expect(clampPreviewWidth(200, 342.6)).toBe(342);
  });
});

describe('previewFrameWidth', () => {
  it('is the track less the handle where both fit, the whole track where they do not', () => {
    expect(previewFrameWidth(1216)).toBe(1200);
    expect(previewFrameWidth(376)).toBe(PREVIEW_MIN_WIDTH);
    expect(previewFrameWidth(375)).toBe(375);
    expect(previewFrameWidth(342)).toBe(342);
  });
});

describe('ResizablePreview before it is measured', () => {
  it('fills its container and tells the frame the width is not known yet', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const handle = renderPreview();
    expect(screen.getByText('Frame at full width')).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-valuenow', String(PREVIEW_MIN_WIDTH));
    vi.unstubAllGlobals();
  });
});

describe('ResizablePreview', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FixedResizeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts as wide as its container and says so', () => {
    const handle = renderPreview();
    expect(handle).toHaveAttribute('aria-orientation', 'vertical');
    expect(handle).toHaveAttribute('aria-valuemin', String(PREVIEW_MIN_WIDTH));
    expect(handle).toHaveAttribute('aria-valuemax', String(CONTAINER_WIDTH));
    expect(handle).toHaveAttribute('aria-valuenow', String(CONTAINER_WIDTH));
    expect(screen.getByText(`Frame at ${CONTAINER_WIDTH}px`)).toBeInTheDocument();
  });

  it('steps with the arrow keys and jumps with Home and End', async () => {
    const user = userEvent.setup();
    const handle = renderPreview();
    handle.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(handle).toHaveAttribute(
      'aria-valuenow',
      String(CONTAINER_WIDTH - 2 * PREVIEW_RESIZE_STEP),
    );
    await user.keyboard('{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', String(CONTAINER_WIDTH - PREVIEW_RESIZE_STEP));
    await user.keyboard('{Home}');
    expect(handle).toHaveAttribute('aria-valuenow', String(PREVIEW_MIN_WIDTH));
    expect(screen.getByText(`Frame at ${PREVIEW_MIN_WIDTH}px`)).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', String(PREVIEW_MIN_WIDTH));
    await user.keyboard('{End}');
    expect(handle).toHaveAttribute('aria-valuenow', String(CONTAINER_WIDTH));
    await user.keyboard('{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', String(CONTAINER_WIDTH));
  });

  it('follows a drag and clamps it to the minimum and the container', () => {
    const handle = renderPreview();
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: 1000 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 700 });
    expect(handle).toHaveAttribute('aria-valuenow', '700');
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 40 });
    expect(handle).toHaveAttribute('aria-valuenow', String(PREVIEW_MIN_WIDTH));
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 1600 });
    expect(handle).toHaveAttribute('aria-valuenow', String(CONTAINER_WIDTH));
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 820 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 820 });
    expect(handle).toHaveAttribute('aria-valuenow', '820');
    // After release, moving the pointer changes nothing.
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 500 });
    expect(handle).toHaveAttribute('aria-valuenow', '820');
  });

  it('ignores a drag started with another button', () => {
    const handle = renderPreview(600);
    fireEvent.pointerDown(handle, { pointerId: 1, button: 2, clientX: 600 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 400 });
    expect(handle).toHaveAttribute('aria-valuenow', '600');
  });
});
