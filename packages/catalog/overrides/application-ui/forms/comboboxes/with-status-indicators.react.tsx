import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

type Item = { value: string; dot: string; status: string };

const engineers: Item[] = [
  { value: 'Kenji Watanabe', dot: 'bg-green-400', status: 'On call · API' },
  { value: 'Michael Foster', dot: 'bg-green-400', status: 'On call · Payments' },
  { value: 'Emma Dorsey', dot: 'bg-amber-400', status: 'Away until 14:00' },
  { value: 'Dries Vincent', dot: 'bg-gray-300 dark:bg-gray-600', status: 'Off shift' },
  { value: 'Leonard Krasner', dot: 'bg-gray-300 dark:bg-gray-600', status: 'Off shift' },
];

// What the option says, as the HTML version filters on it (its text content).
const optionText = (item: Item) => `${item.value} ${item.status}`;

export default function WithStatusIndicators() {
  const popover = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('Kenji Watanabe');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(engineers[0]!.value);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);

  const matches = (item: Item, text = query) =>
    optionText(item).toLowerCase().includes(text.trim().toLowerCase());
  const visible = engineers.filter((item) => matches(item));
  const activeItem = active >= 0 ? visible[active] : undefined;
  const optionId = (item: Item) => `with-status-indicators-option-${engineers.indexOf(item) + 1}`;

  useEffect(() => {
    const element = popover.current;
    const onToggle = (event: Event) => setExpanded((event as ToggleEvent).newState === 'open');
    element?.addEventListener('toggle', onToggle);
    return () => element?.removeEventListener('toggle', onToggle);
  }, []);

  useEffect(() => {
    if (activeItem)
      document.getElementById(optionId(activeItem))?.scrollIntoView({ block: 'nearest' });
  }, [activeItem]);

  const open = () => {
    if (!popover.current?.matches(':popover-open')) popover.current?.showPopover();
  };
  const highlight = (index: number, shown = visible) =>
    setActive(Math.max(0, Math.min(index, shown.length - 1)));
  const choose = (item: Item) => {
    setValue(item.value);
    setChosen(item.value);
    popover.current?.hidePopover();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
      highlight(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && popover.current?.matches(':popover-open') && activeItem) {
      event.preventDefault();
      choose(activeItem);
    }
  };

  return (
    <div className="mx-auto min-h-96 max-w-sm bg-white px-4 py-10 text-gray-900 dark:bg-gray-900 dark:text-white">
      <label
        htmlFor="with-status-indicators-input"
        className="block text-sm/6 font-medium text-gray-900 dark:text-white"
      >
        Escalate to on-call engineer
      </label>
      <div className="relative mt-2 [anchor-name:--with-status-indicators-field]">
        <input
          id="with-status-indicators-input"
          type="text"
          role="combobox"
          aria-controls="with-status-indicators-listbox"
          aria-expanded={expanded}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
          autoComplete="off"
          placeholder="Search engineers…"
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            setQuery(next);
            open();
            highlight(
              0,
              engineers.filter((item) => matches(item, next)),
            );
          }}
          onClick={open}
          onKeyDown={onKeyDown}
          className="block w-full rounded-md bg-white py-1.5 ps-3 pe-12 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:text-sm/6 dark:bg-white/5 dark:text-white dark:outline-white/10 dark:placeholder:text-gray-500 dark:focus:outline-indigo-500"
        />
        <button
          type="button"
          popoverTarget="with-status-indicators-options"
          tabIndex={-1}
          className="absolute inset-y-0 end-0 flex items-center rounded-e-md px-2 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-500"
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
        id="with-status-indicators-options"
        popover="auto"
        className="mt-1 max-h-60 w-[anchor-size(width)] overflow-auto rounded-md bg-white py-1 text-base shadow-lg ring-1 ring-black/5 [position-anchor:--with-status-indicators-field] [position-area:bottom_span-x-end] [position-try-fallbacks:flip-block] sm:text-sm dark:bg-gray-800 dark:ring-white/10"
      >
        <ul id="with-status-indicators-listbox" role="listbox" aria-label="On-call engineers">
          {engineers.map((item) => (
            <li
              key={item.value}
              id={optionId(item)}
              role="option"
              aria-selected={item === activeItem}
              data-value={item.value}
              data-chosen={item.value === chosen ? '' : undefined}
              hidden={!matches(item)}
              onClick={() => choose(item)}
              onMouseMove={() => highlight(visible.indexOf(item))}
              className="group relative cursor-default py-2 ps-3 pe-9 text-gray-900 select-none aria-selected:bg-indigo-600 aria-selected:text-white dark:text-white"
            >
              <div className="flex items-center">
                <span
                  className={`inline-block size-2 flex-none rounded-full ${item.dot}`}
                  aria-hidden="true"
                />
                <span className="ms-3 truncate group-data-chosen:font-semibold">{item.value}</span>
                <span className="ms-2 truncate text-gray-500 group-aria-selected:text-indigo-100 dark:text-gray-400">
                  {item.status}
                </span>
              </div>
              <span className="absolute inset-y-0 end-0 hidden items-center pe-4 text-indigo-600 group-aria-selected:text-white group-data-chosen:flex dark:text-indigo-400">
                <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                  <path
                    fillRule="evenodd"
                    d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.052-.143Z"
                    clipRule="evenodd"
                  />
                </svg>
              </span>
            </li>
          ))}
        </ul>
        <p
          id="with-status-indicators-empty"
          hidden={visible.length > 0}
          className="px-3 py-2 text-sm text-gray-500 dark:text-gray-400"
        >
          No engineers match. Page the incident channel instead.
        </p>
      </div>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">
        Green means currently on call and will be paged immediately.
      </p>
    </div>
  );
}
