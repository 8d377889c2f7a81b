import { useEffect, useState, type ComponentType } from 'react';
import type * as React from 'react';
import type { InteractiveSelectProps } from './interactive-select';
import { SelectFrame, useSelectIds } from './select-frame';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = {
  label: string;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** Renders a hidden input with this name, so the value is submitted with a form. */
  name?: string;
  error?: string;
  hint?: React.ReactNode;
  disabled?: boolean;
  /** Keeps the label for assistive technology only (e.g. a toolbar's code-language switch). */
  labelHidden?: boolean;
  /** Shown when `value` matches no option. */
  placeholder?: string;
  id?: string;
  className?: string;
};

// Floating UI (positioning, focus management, list navigation) is 13 KiB of compressed JavaScript
// that no first render needs: the select loads it when the visitor reaches for it (pointer over,
// focus, press) and draws the same closed select until then, so the server's HTML, the first
// client render and the loaded select agree and nothing moves (decision 057).
let pending: Promise<ComponentType<InteractiveSelectProps>> | undefined;
function loadInteractiveSelect(): Promise<ComponentType<InteractiveSelectProps>> {
  if (!pending) {
    pending = import('./interactive-select').then((module) => module.InteractiveSelect);
    // A failed chunk (a deploy in between, offline) is asked for again next time.
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** The keys that open a closed select (as Floating UI's list navigation and click do). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

type Intent = { open: boolean; focus: boolean };

export function Select(props: SelectProps) {
  const [intent, setIntent] = useState<Intent | null>(null);
  const [loaded, setLoaded] = useState<{ Select: ComponentType<InteractiveSelectProps> } | null>(
    null,
  );
  const ids = useSelectIds(props.id);
  const want = (change: Partial<Intent>) =>
    setIntent((current) => ({ open: false, focus: false, ...current, ...change }));

  useEffect(() => {
    if (!intent || loaded) return;
    let current = true;
    loadInteractiveSelect().then(
      (Select) => {
        if (current) setLoaded({ Select });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [intent, loaded]);

  if (loaded)
    return <loaded.Select {...props} defaultOpen={intent?.open} autoFocus={intent?.focus} />;
  return (
    <SelectFrame
      {...props}
      ids={ids}
      triggerRef={null}
      triggerProps={{
        'aria-expanded': false,
        'aria-haspopup': 'listbox',
        role: 'combobox',
        'aria-autocomplete': 'none',
        onPointerEnter: () => want({}),
        onFocus: () => want({ focus: true }),
        onBlur: () => want({ focus: false }),
        onClick: () => want({ open: true }),
        onKeyDown: (event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          want({ open: true });
        },
      }}
    />
  );
}
