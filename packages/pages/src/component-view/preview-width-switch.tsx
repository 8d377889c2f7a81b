import { cn } from '@tessera/ui';
import { PREVIEW_WIDTH_PIXELS, PREVIEW_WIDTHS, type PreviewWidth } from '../constants';

const NAMES: Record<PreviewWidth, string> = {
  phone: 'Phone',
  sm: 'sm',
  md: 'md',
  lg: 'lg',
  xl: 'xl',
  full: 'Full',
};

/** 'md, 768 pixels'; 'Full width'. What a preset button is called (its title and name). */
export function previewWidthName(width: PreviewWidth): string {
  const pixels = PREVIEW_WIDTH_PIXELS[width];
  return pixels === null ? 'Full width' : `${NAMES[width]}, ${pixels} pixels`;
}

const BUTTON =
  'rounded-[calc(var(--radius-control)-0.125rem)] px-2 py-1 text-xs/5 font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const PRESSED = 'bg-white text-gray-900 shadow-xs';

export type PreviewWidthSwitchProps = {
  /** The preset the frame is at; null after a drag (no button pressed). */
  value: PreviewWidth | null;
  onChange?: (width: PreviewWidth) => void;
  /** Names the group, e.g. 'Simple centered preview width'. */
  label: string;
  className?: string;
};

/**
 * Phone, sm, md, lg, xl and Full beside the preview's resize handle: toggle buttons, the
 * current preset pressed; after a drag none is, and any of them puts the frame back at a preset.
 */
export function PreviewWidthSwitch({ value, onChange, label, className }: PreviewWidthSwitchProps) {
  return (
    <div
      role="group"
      aria-label={label}
      data-slot="preview-width-switch"
      className={cn('flex w-fit gap-x-0.5 rounded-control bg-gray-100 p-1', className)}
    >
      {PREVIEW_WIDTHS.map((width) => {
        const pressed = width === value;
        const name = previewWidthName(width);
        return (
          <button
            key={width}
            type="button"
            aria-pressed={pressed}
            aria-label={name}
            title={name}
            onClick={() => onChange?.(width)}
            className={cn(BUTTON, pressed && PRESSED)}
          >
            {NAMES[width]}
          </button>
        );
      })}
    </div>
  );
}

export type PreviewDirection = 'ltr' | 'rtl';

/** What the view posts to a preview frame to set its document's `dir` (the pipeline listens). */
export type DirectionMessage = { type: 'DIRECTION'; direction: PreviewDirection };

export function directionMessage(direction: PreviewDirection): DirectionMessage {
  return { type: 'DIRECTION', direction };
}

export type DirectionToggleProps = {
  value: PreviewDirection;
  onChange?: (direction: PreviewDirection) => void;
  /** The component's name: the button reads 'RTL: the Simple centered preview right to left'. */
  name: string;
  className?: string;
};

/** One toggle button: pressed, the preview's document is laid out right to left (dir="rtl"). */
export function DirectionToggle({ value, onChange, name, className }: DirectionToggleProps) {
  const pressed = value === 'rtl';
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`RTL: the ${name} preview right to left`}
      title="Right to left"
      data-slot="direction-toggle"
      onClick={() => onChange?.(pressed ? 'ltr' : 'rtl')}
      className={cn(
        'rounded-control px-2.5 py-1.5 text-xs/5 font-medium ring-1 ring-gray-900/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        pressed ? 'bg-gray-900 text-white' : 'bg-gray-100 text-gray-600 hover:text-gray-900',
        className,
      )}
    >
      RTL
    </button>
  );
}
