import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

const cities = [
  'Amsterdam (GMT+1)',
  'Auckland (GMT+13)',
  'Berlin (GMT+1)',
  'Chicago (GMT−6)',
  'Lisbon (GMT+0)',
  'London (GMT+0)',
  'Los Angeles (GMT−8)',
  'New York (GMT−5)',
  'Singapore (GMT+8)',
  'Tokyo (GMT+9)',
];

export default function Simple() {
  const popover = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);

  const matches = (city: string) => city.toLowerCase().includes(query.trim().toLowerCase());
  const visible = cities.filter(matches);
  const activeCity = active >= 0 ? visible[active] : undefined;
  const optionId = (city: string) => `simple-option-${cities.indexOf(city) + 1}`;

  useEffect(() => {
    const element = popover.current;
    const onToggle = (event: Event) => setExpanded((event as ToggleEvent).newState === 'open');
    element?.addEventListener('toggle', onToggle);
    return () => element?.removeEventListener('toggle', onToggle);
  }, []);

  useEffect(() => {
    if (activeCity)
      document.getElementById(optionId(activeCity))?.scrollIntoView({ block: 'nearest' });
  }, [activeCity]);

  const open = () => {
    if (!popover.current?.matches(':popover-open')) popover.current?.showPopover();
  };
  const highlight = (index: number, shown = visible) =>
    setActive(Math.max(0, Math.min(index, shown.length - 1)));
  const choose = (city: string) => {
    setValue(city);
    setChosen(city);
    popover.current?.hidePopover();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
      highlight(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && popover.current?.matches(':popover-open') && activeCity) {
      event.preventDefault();
      choose(activeCity);
    }
  };

  return (
    <div className="mx-auto min-h-96 max-w-xs bg-white px-4 py-10 text-gray-900 dark:bg-gray-900 dark:text-white">
      <label
        htmlFor="simple-input"
        className="block text-sm/6 font-medium text-gray-900 dark:text-white"
      >
        Time zone
      </label>
      <div className="relative mt-2 [anchor-name:--simple-field]">
        <input
          id="simple-input"
          type="text"
          role="combobox"
          aria-controls="simple-listbox"
          aria-expanded={expanded}
          aria-autocomplete="list"
          aria-activedescendant={activeCity ? optionId(activeCity) : undefined}
          autoComplete="off"
          placeholder="Search cities…"
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            setQuery(next);
            open();
            highlight(
              0,
              cities.filter((city) => city.toLowerCase().includes(next.trim().toLowerCase())),
            );
          }}
          onClick={open}
          onKeyDown={onKeyDown}
          className="block w-full rounded-md bg-white py-1.5 pr-12 pl-3 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:text-sm/6 dark:bg-white/5 dark:text-white dark:outline-white/10 dark:placeholder:text-gray-500 dark:focus:outline-indigo-500"
        />
        <button
          type="button"
          popoverTarget="simple-options"
          tabIndex={-1}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-500"
        >
          <span className="sr-only">Show options</span>
          <svg
            className="size-5 text-gray-400 dark:text-gray-500"
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
          >
            <path
              fillRule="evenodd"
              d="M10.53 3.47a.75.75 0 0 0-1.06 0L6.22 6.72a.75.75 0 0 0 1.06 1.06L10 5.06l2.72 2.72a.75.75 0 1 0 1.06-1.06l-3.25-3.25Zm-4.31 9.81 3.25 3.25a.75.75 0 0 0 1.06 0l3.25-3.25a.75.75 0 1 0-1.06-1.06L10 14.94l-2.72-2.72a.75.75 0 0 0-1.06 1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </button>
      </div>
      <div
        ref={popover}
        id="simple-options"
        popover="auto"
        className="mt-1 max-h-60 w-[anchor-size(width)] overflow-auto rounded-md bg-white py-1 text-base shadow-lg ring-1 ring-black/5 [position-anchor:--simple-field] [position-area:bottom_span-right] [position-try-fallbacks:flip-block] sm:text-sm dark:bg-gray-800 dark:ring-white/10"
      >
        <ul id="simple-listbox" role="listbox" aria-label="Time zones">
          {cities.map((city) => (
            <li
              key={city}
              id={optionId(city)}
              role="option"
              aria-selected={city === activeCity}
              data-value={city}
              data-chosen={city === chosen ? '' : undefined}
              hidden={!matches(city)}
              onClick={() => choose(city)}
              onMouseMove={() => highlight(visible.indexOf(city))}
              className="group relative cursor-default py-2 pr-9 pl-3 text-gray-900 select-none aria-selected:bg-indigo-600 aria-selected:text-white dark:text-white"
            >
              <span className="block truncate">{city}</span>
            </li>
          ))}
        </ul>
        <p
          id="simple-empty"
          hidden={visible.length > 0}
          className="px-3 py-2 text-sm text-gray-500 dark:text-gray-400"
        >
          No matching cities.
        </p>
      </div>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">
        Used for scheduled reports and quiet hours.
      </p>
    </div>
  );
}
