import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

type Item = { value: string; avatar: string };

const people: Item[] = [
  {
    value: 'Leslie Alexander',
    avatar: '/images/catalog/application-ui/avatar-leslie-alexander.svg',
  },
  { value: 'Michael Foster', avatar: '/images/catalog/application-ui/avatar-michael-foster.svg' },
  { value: 'Dries Vincent', avatar: '/images/catalog/application-ui/avatar-dries-vincent.svg' },
  { value: 'Lindsay Walton', avatar: '/images/catalog/application-ui/avatar-lindsay-walton.svg' },
  { value: 'Courtney Henry', avatar: '/images/catalog/application-ui/avatar-courtney-henry.svg' },
  { value: 'Tom Cook', avatar: '/images/catalog/application-ui/avatar-tom-cook.svg' },
  { value: 'Whitney Francis', avatar: '/images/catalog/application-ui/avatar-whitney-francis.svg' },
  { value: 'Kenji Watanabe', avatar: '/images/catalog/application-ui/avatar-kenji-watanabe.svg' },
];

// What the option says, as the HTML version filters on it (its text content).
const optionText = (item: Item) => item.value;

export default function WithAvatars() {
  const popover = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);

  const matches = (item: Item, text = query) =>
    optionText(item).toLowerCase().includes(text.trim().toLowerCase());
  const visible = people.filter((item) => matches(item));
  const activeItem = active >= 0 ? visible[active] : undefined;
  const optionId = (item: Item) => `with-avatars-option-${people.indexOf(item) + 1}`;

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
    <div className="mx-auto min-h-96 max-w-xs bg-white px-4 py-10 text-gray-900 dark:bg-gray-900 dark:text-white">
      <label
        htmlFor="with-avatars-input"
        className="block text-sm/6 font-medium text-gray-900 dark:text-white"
      >
        Reviewer
      </label>
      <div className="relative mt-2 [anchor-name:--with-avatars-field]">
        <input
          id="with-avatars-input"
          type="text"
          role="combobox"
          aria-controls="with-avatars-listbox"
          aria-expanded={expanded}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
          autoComplete="off"
          placeholder="Search teammates…"
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            setQuery(next);
            open();
            highlight(
              0,
              people.filter((item) => matches(item, next)),
            );
          }}
          onClick={open}
          onKeyDown={onKeyDown}
          className="block w-full rounded-md bg-white py-1.5 pr-12 pl-3 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:text-sm/6 dark:bg-white/5 dark:text-white dark:outline-white/10 dark:placeholder:text-gray-500 dark:focus:outline-indigo-500"
        />
        <button
          type="button"
          popoverTarget="with-avatars-options"
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
        id="with-avatars-options"
        popover="auto"
        className="mt-1 max-h-60 w-[anchor-size(width)] overflow-auto rounded-md bg-white py-1 text-base shadow-lg ring-1 ring-black/5 [position-anchor:--with-avatars-field] [position-area:bottom_span-right] [position-try-fallbacks:flip-block] sm:text-sm dark:bg-gray-800 dark:ring-white/10"
      >
        <ul id="with-avatars-listbox" role="listbox" aria-label="Teammates">
          {people.map((item) => (
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
              className="group relative cursor-default py-2 pr-9 pl-3 text-gray-900 select-none aria-selected:bg-indigo-600 aria-selected:text-white dark:text-white"
            >
              <div className="flex items-center">
                <img
                  src={item.avatar}
                  alt=""
                  width="24"
                  height="24"
                  className="size-6 shrink-0 rounded-full"
                />
                <span className="ml-3 truncate group-data-chosen:font-semibold">{item.value}</span>
              </div>
              <span className="absolute inset-y-0 right-0 hidden items-center pr-4 text-indigo-600 group-aria-selected:text-white group-data-chosen:flex dark:text-indigo-400">
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
          id="with-avatars-empty"
          hidden={visible.length > 0}
          className="px-3 py-2 text-sm text-gray-500 dark:text-gray-400"
        >
          Nobody by that name is in this workspace.
        </p>
      </div>
    </div>
  );
}
