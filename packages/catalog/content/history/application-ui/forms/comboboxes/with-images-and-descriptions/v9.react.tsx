import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

type Item = { value: string; logo: string; description: string };

const integrations: Item[] = [
  {
    value: 'Northwind',
    logo: '/images/catalog/application-ui/logo-northwind.svg',
    description: 'Deploy events, incidents and uptime checks',
  },
  {
    value: 'Lumen',
    logo: '/images/catalog/application-ui/logo-lumen.svg',
    description: 'Help center articles and release notes',
  },
  {
    value: 'Kestrel',
    logo: '/images/catalog/application-ui/logo-kestrel.svg',
    description: 'Build notifications and preview links',
  },
  {
    value: 'Orbit',
    logo: '/images/catalog/application-ui/logo-orbit.svg',
    description: 'Customer accounts, plans and usage',
  },
  {
    value: 'Quarry',
    logo: '/images/catalog/application-ui/logo-quarry.svg',
    description: 'Warehouse sync for analytics dashboards',
  },
];

// What the option says, as the HTML version filters on it (its text content).
const optionText = (item: Item) => `${item.value} ${item.description}`;

export default function WithImagesAndDescriptions() {
  const popover = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);

  const matches = (item: Item, text = query) =>
    optionText(item).toLowerCase().includes(text.trim().toLowerCase());
  const visible = integrations.filter((item) => matches(item));
  const activeItem = active >= 0 ? visible[active] : undefined;
  const optionId = (item: Item) =>
    `with-images-and-descriptions-option-${integrations.indexOf(item) + 1}`;

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
    <div className="mx-auto min-h-[28rem] max-w-md bg-white px-4 py-10 text-gray-900 dark:bg-gray-900 dark:text-white">
      <label
        htmlFor="with-images-and-descriptions-input"
        className="block text-sm/6 font-medium text-gray-900 dark:text-white"
      >
        Add an integration
      </label>
      <div className="relative mt-2 [anchor-name:--with-images-and-descriptions-field]">
        <input
          id="with-images-and-descriptions-input"
          type="text"
          role="combobox"
          aria-controls="with-images-and-descriptions-listbox"
          aria-expanded={expanded}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
          autoComplete="off"
          placeholder="Search 40+ integrations…"
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            setQuery(next);
            open();
            highlight(
              0,
              integrations.filter((item) => matches(item, next)),
            );
          }}
          onClick={open}
          onKeyDown={onKeyDown}
          className="block w-full rounded-md bg-white py-1.5 pr-12 pl-3 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:text-sm/6 dark:bg-white/5 dark:text-white dark:outline-white/10 dark:placeholder:text-gray-500 dark:focus:outline-indigo-500"
        />
        <button
          type="button"
          popoverTarget="with-images-and-descriptions-options"
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
        id="with-images-and-descriptions-options"
        popover="auto"
        className="mt-1 max-h-80 w-[anchor-size(width)] overflow-auto rounded-lg bg-white p-2 shadow-lg ring-1 ring-black/5 [position-anchor:--with-images-and-descriptions-field] [position-area:bottom_span-right] [position-try-fallbacks:flip-block] dark:bg-gray-800 dark:ring-white/10"
      >
        <ul
          id="with-images-and-descriptions-listbox"
          role="listbox"
          aria-label="Integrations"
          className="space-y-1"
        >
          {integrations.map((item) => (
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
              className="group flex cursor-default items-center gap-x-3 px-3 py-2.5 select-none aria-selected:bg-gray-100 dark:aria-selected:bg-white/10"
            >
              <img
                src={item.logo}
                alt=""
                width="40"
                height="40"
                className="size-10 flex-none rounded-lg"
              />
              <div className="min-w-0 flex-auto">
                <p className="text-sm font-medium text-gray-900 dark:text-white">{item.value}</p>
                <p className="truncate text-sm text-gray-500 dark:text-gray-400">
                  {item.description}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <div
          id="with-images-and-descriptions-empty"
          hidden={visible.length > 0}
          className="px-6 py-10 text-center"
        >
          <img
            src="/images/catalog/application-ui/illustration-empty-inbox.svg"
            alt=""
            width="120"
            height="90"
            className="mx-auto h-[90px] w-[120px]"
          />
          <p className="mt-4 text-sm font-semibold text-gray-900 dark:text-white">
            No integrations found
          </p>
          <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">
            Try another name, or request one from our team.
          </p>
        </div>
      </div>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">
        Integrations run with the permissions of the person who connects them.
      </p>
    </div>
  );
}
