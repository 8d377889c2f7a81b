import { cn } from '@tessera/ui';
import type * as React from 'react';
import { ComputerDesktopIcon, MoonIcon, SunIcon } from '../catalog/icons';
import { PREVIEW_COLOR_SCHEMES, type PreviewColorScheme } from '../constants';

/** What the view posts to a preview frame to switch it (the pipeline's preview listens). */
export type ColorSchemeMessage = { type: 'COLOR_SCHEME'; scheme: PreviewColorScheme };

export function colorSchemeMessage(scheme: PreviewColorScheme): ColorSchemeMessage {
  return { type: 'COLOR_SCHEME', scheme };
}

const OPTIONS: Record<
  PreviewColorScheme,
  { label: string; Icon: (props: React.ComponentProps<'svg'>) => React.ReactNode }
> = {
  light: { label: 'Light', Icon: SunIcon },
  dark: { label: 'Dark', Icon: MoonIcon },
  system: { label: 'System', Icon: ComputerDesktopIcon },
};

export type ColorSchemeSwitchProps = {
  value: PreviewColorScheme;
  onChange?: (scheme: PreviewColorScheme) => void;
  /** Names the group, e.g. 'Simple centered preview colour scheme'. */
  label: string;
  /** Icons only, the names kept for assistive technology and the tooltip (the site header). */
  compact?: boolean;
  className?: string;
};

/**
 * Light / Dark / System for a component preview, or for the store itself (the site header):
 * three toggle buttons, one pressed.
 */
export function ColorSchemeSwitch({
  value,
  onChange,
  label,
  compact = false,
  className,
}: ColorSchemeSwitchProps) {
  return (
    <div
      role="group"
      aria-label={label}
      data-slot="color-scheme-switch"
      className={cn('flex w-fit gap-x-1 rounded-control bg-gray-100 p-1', className)}
    >
      {PREVIEW_COLOR_SCHEMES.map((scheme) => {
        const { label: name, Icon } = OPTIONS[scheme];
        const pressed = scheme === value;
        return (
          <button
            key={scheme}
            type="button"
            aria-pressed={pressed}
            title={name}
            onClick={() => {
              if (!pressed) onChange?.(scheme);
            }}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-[calc(var(--radius-control)-0.125rem)] text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-4 [&_svg]:shrink-0',
              compact ? 'p-1.5' : 'px-2 py-1.5',
              pressed && 'bg-white text-gray-900 shadow-xs',
            )}
          >
            <Icon />
            <span className={compact ? 'sr-only' : 'sr-only sm:not-sr-only'}>{name}</span>
          </button>
        );
      })}
    </div>
  );
}
