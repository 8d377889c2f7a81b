import { useRef, useState } from 'react';
import type * as React from 'react';
import { useLoaded } from '../lib/lazy';
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
// focus, press) and attaches it to the trigger drawn since the server's HTML, so the markup, the
// element and the layout stay the same (decision 057).
const loadListbox = () => import('./select-listbox');

/** The trigger's events Floating UI handles; forwarded to it once loaded. */
const FORWARDED = [
  'onPointerDown',
  'onPointerEnter',
  'onPointerLeave',
  'onPointerMove',
  'onMouseDown',
  'onMouseMove',
  'onClick',
  'onKeyDown',
  'onKeyUp',
  'onFocus',
  'onBlur',
] as const;
/** The keys that open a closed select (as Floating UI's list navigation and click do). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

export function Select(props: SelectProps) {
  const { options, value, onChange, disabled = false } = props;
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const handlersRef = useRef<Record<string, unknown>>({});
  // A press that began before the load (mouse down) ends as it began, even when the listbox
  // arrives between its mouse down and its click: the listbox would take that click for a second
  // press and close what the first half opened (seen on a busy machine).
  const pressedBeforeLoad = useRef(false);
  const ids = useSelectIds(props.id);
  const listboxId = `${ids.labelId}box`;

  const listbox = useLoaded(loadListbox, wanted);

  // Before the load: ask for it, remember a press or an opening key, and pick by first letter
  // while closed (as a native select does), so nothing typed is lost.
  const before: Partial<Record<(typeof FORWARDED)[number], (event: never) => void>> = {
    onPointerEnter: () => setWanted(true),
    onFocus: () => setWanted(true),
    onMouseDown: (event: React.MouseEvent) => {
      if (event.button !== 0) return;
      pressedBeforeLoad.current = true;
      setWanted(true);
      setOpen(true);
    },
    onClick: () => {
      setWanted(true);
      setOpen(true);
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      setWanted(true);
      if (OPENING_KEYS.has(event.key)) {
        event.preventDefault();
        setOpen(true);
        return;
      }
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      const match = options.find(
        (option) =>
          !option.disabled && option.label.toLowerCase().startsWith(event.key.toLowerCase()),
      );
      if (match && match.value !== value) onChange(match.value);
    },
  };
  const forwarding = Object.fromEntries(
    FORWARDED.map((name) => [
      name,
      (event: React.SyntheticEvent) => {
        const early = name === 'onClick' && pressedBeforeLoad.current;
        if (name === 'onClick') pressedBeforeLoad.current = false;
        const handler = (listbox && !early ? handlersRef.current[name] : before[name]) as
          ((event: React.SyntheticEvent) => void) | undefined;
        handler?.(event);
      },
    ]),
  );

  return (
    <SelectFrame
      {...props}
      ids={ids}
      triggerRef={setTrigger}
      triggerProps={{
        'aria-expanded': open,
        'aria-haspopup': 'listbox',
        'aria-controls': open && listbox ? listboxId : undefined,
        role: 'combobox',
        'aria-autocomplete': 'none',
        ...forwarding,
      }}
    >
      {listbox ? (
        <listbox.SelectListbox
          options={options}
          value={value}
          onChange={onChange}
          disabled={disabled}
          reference={trigger}
          open={open}
          onOpenChange={setOpen}
          handlersRef={handlersRef}
          labelId={ids.labelId}
          listboxId={listboxId}
        />
      ) : null}
    </SelectFrame>
  );
}
