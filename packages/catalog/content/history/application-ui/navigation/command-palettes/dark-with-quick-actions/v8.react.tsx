import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

// React 19.3's types do not list the invoker command attributes yet.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging needs React's own type parameter
  interface ButtonHTMLAttributes<T> {
    command?: string;
    commandfor?: string;
  }
}

const icons = {
  inbox:
    'M21.75 17.25v-.228a4.5 4.5 0 0 0-.12-1.03l-2.268-9.64a3.375 3.375 0 0 0-3.285-2.602H7.923a3.375 3.375 0 0 0-3.285 2.602l-2.268 9.64a4.5 4.5 0 0 0-.12 1.03v.228m19.5 0a3 3 0 0 1-3 3H5.25a3 3 0 0 1-3-3m19.5 0a3 3 0 0 0-3-3H5.25a3 3 0 0 0-3 3m16.5 0h.008v.008h-.008v-.008Zm-3 0h.008v.008h-.008v-.008Z',
  document:
    'M19.5 14.25v-2.625a3.375 3.375 0 0 0-3.375-3.375h-1.5A1.125 1.125 0 0 1 13.5 7.125v-1.5a3.375 3.375 0 0 0-3.375-3.375H8.25m2.25 0H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 0 0-9-9Z',
  settings:
    'M9.594 3.94c.09-.542.56-.94 1.11-.94h2.593c.55 0 1.02.398 1.11.94l.213 1.281c.063.374.313.686.645.87.074.04.147.083.22.127.325.196.72.257 1.075.124l1.217-.456a1.125 1.125 0 0 1 1.37.49l1.296 2.247a1.125 1.125 0 0 1-.26 1.431l-1.003.827c-.293.241-.438.613-.43.992a7.723 7.723 0 0 1 0 .255c-.008.378.137.75.43.991l1.004.827c.424.35.534.955.26 1.43l-1.298 2.247a1.125 1.125 0 0 1-1.369.491l-1.217-.456c-.355-.133-.75-.072-1.076.124a6.47 6.47 0 0 1-.22.128c-.331.183-.581.495-.644.869l-.213 1.281c-.09.543-.56.94-1.11.94h-2.594c-.55 0-1.019-.398-1.11-.94l-.213-1.281c-.062-.374-.312-.686-.644-.87a6.52 6.52 0 0 1-.22-.127c-.325-.196-.72-.257-1.076-.124l-1.217.456a1.125 1.125 0 0 1-1.369-.49l-1.297-2.247a1.125 1.125 0 0 1 .26-1.431l1.004-.827c.292-.24.437-.613.43-.991a6.932 6.932 0 0 1 0-.255c.007-.38-.138-.751-.43-.992l-1.004-.827a1.125 1.125 0 0 1-.26-1.43l1.297-2.247a1.125 1.125 0 0 1 1.37-.491l1.216.456c.356.133.751.072 1.076-.124.072-.044.146-.086.22-.128.332-.183.582-.495.644-.869l.214-1.28Z M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
};

type Deployment = { kind: 'deployment'; name: string; status: string; dot: string };
type Action = { kind: 'action'; name: string; icon: keyof typeof icons; shortcut?: string };
type Option = Deployment | Action;

const groups: { id: string; name: string; options: Option[] }[] = [
  {
    id: 'deployments',
    name: 'Deployments',
    options: [
      {
        kind: 'deployment',
        name: 'northwind-api · main · 4f2c9e1',
        status: '2m ago',
        dot: 'bg-green-400',
      },
      {
        kind: 'deployment',
        name: 'northwind-web · feat/checkout · b81a03d',
        status: 'Building',
        dot: 'bg-amber-400',
      },
      {
        kind: 'deployment',
        name: 'northwind-worker · main · 19de7aa',
        status: 'Failed',
        dot: 'bg-red-400',
      },
    ],
  },
  {
    id: 'actions',
    name: 'Quick actions',
    options: [
      { kind: 'action', name: 'Redeploy production', icon: 'inbox', shortcut: 'Ctrl R' },
      { kind: 'action', name: 'View runtime logs', icon: 'document', shortcut: 'Ctrl L' },
      { kind: 'action', name: 'Add environment variable', icon: 'settings' },
    ],
  },
];

const options = groups.flatMap((group) => group.options);
const optionId = (option: Option) =>
  `dark-with-quick-actions-option-${options.indexOf(option) + 1}`;
// Everything the option says, as the HTML version filters on its text.
const optionText = (option: Option) =>
  option.kind === 'deployment'
    ? `${option.name} ${option.status}`
    : `${option.name} ${option.shortcut ?? ''}`;

export default function DarkWithQuickActions() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const matches = (option: Option) =>
    optionText(option).toLowerCase().includes(query.trim().toLowerCase());
  const visible = options.filter(matches);
  const activeOption = visible[active];

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (!dialog.current?.open) dialog.current?.showModal();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (activeOption)
      document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  const select = (index: number) => setActive(Math.max(0, Math.min(index, visible.length - 1)));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      select(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      document.getElementById(optionId(activeOption))?.click();
    }
  };

  return (
    <div className="flex min-h-[50rem] justify-center bg-gray-950 p-6 text-white">
      <button
        type="button"
        command="show-modal"
        commandfor="dark-with-quick-actions-dialog"
        className="flex h-fit w-full max-w-xs items-center gap-x-3 rounded-md bg-white/5 px-3 py-2 text-sm text-gray-400 ring-1 ring-white/10 ring-inset hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        <svg
          className="size-5 text-gray-500"
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.452 4.391l3.328 3.329a.75.75 0 1 1-1.06 1.06l-3.329-3.328A7 7 0 0 1 2 9Z"
            clipRule="evenodd"
          />
        </svg>{' '}
        Run a command <kbd className="ml-auto font-sans text-xs text-gray-400">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        id="dark-with-quick-actions-dialog"
        open
        aria-label="Command palette"
        className="fixed inset-0 z-50 size-auto max-h-none max-w-none overflow-y-auto bg-transparent backdrop:bg-transparent"
      >
        <div className="fixed inset-0 bg-gray-950/60" aria-hidden="true" />
        <div className="relative min-h-full p-4 sm:p-6 md:p-20">
          <div className="mx-auto max-w-2xl divide-y divide-white/10 overflow-hidden rounded-xl bg-gray-900 shadow-2xl ring-1 ring-white/10">
            <div className="grid grid-cols-1">
              <input
                ref={input}
                id="dark-with-quick-actions-input"
                type="text"
                autoFocus
                role="combobox"
                aria-expanded="true"
                aria-controls="dark-with-quick-actions-options"
                aria-autocomplete="list"
                aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
                aria-label="Search commands"
                placeholder="Search deployments and commands…"
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                className="col-start-1 row-start-1 h-12 w-full bg-transparent pr-4 pl-11 text-base text-white outline-hidden placeholder:text-gray-400 sm:text-sm"
              />
              <svg
                className="pointer-events-none col-start-1 row-start-1 ml-4 size-5 self-center text-gray-500"
                viewBox="0 0 20 20"
                fill="currentColor"
                aria-hidden="true"
              >
                <path
                  fillRule="evenodd"
                  d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.452 4.391l3.328 3.329a.75.75 0 1 1-1.06 1.06l-3.329-3.328A7 7 0 0 1 2 9Z"
                  clipRule="evenodd"
                />
              </svg>
            </div>
            <div
              id="dark-with-quick-actions-options"
              role="listbox"
              aria-label="Commands"
              className="max-h-80 scroll-py-2 divide-y divide-white/10 overflow-y-auto"
            >
              {groups.map((group) => (
                <div
                  key={group.id}
                  role="group"
                  aria-labelledby={`dark-with-quick-actions-${group.id}`}
                  hidden={!group.options.some(matches)}
                  className="p-2"
                >
                  <h3
                    id={`dark-with-quick-actions-${group.id}`}
                    className="mt-2 mb-2 px-3 text-xs font-semibold text-gray-400"
                  >
                    {group.name}
                  </h3>
                  {group.options.map((option) => (
                    <a
                      key={option.name}
                      href="#"
                      id={optionId(option)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={option === activeOption}
                      hidden={!matches(option)}
                      onMouseMove={() => select(visible.indexOf(option))}
                      className="group flex cursor-default items-center rounded-md px-3 py-2 text-sm text-gray-300 select-none focus-visible:outline-none aria-selected:bg-white/10 aria-selected:text-white"
                    >
                      {option.kind === 'deployment' ? (
                        <>
                          <span className="flex size-5 flex-none items-center justify-center">
                            <span
                              className={`size-2 rounded-full ${option.dot}`}
                              aria-hidden="true"
                            />
                          </span>
                          <span className="ml-3 flex-auto truncate">{option.name}</span>
                          <span className="ml-3 flex-none text-xs text-gray-400">
                            {option.status}
                          </span>
                        </>
                      ) : (
                        <>
                          <svg
                            className="size-5 flex-none text-gray-500 group-aria-selected:text-white"
                            fill="none"
                            viewBox="0 0 24 24"
                            strokeWidth="1.5"
                            stroke="currentColor"
                            aria-hidden="true"
                          >
                            <path
                              strokeLinecap="round"
                              strokeLinejoin="round"
                              d={icons[option.icon]}
                            />
                          </svg>
                          <span className="ml-3 flex-auto truncate">{option.name}</span>
                          {option.shortcut && (
                            <kbd className="ml-3 flex-none font-sans text-xs text-gray-400">
                              {option.shortcut}
                            </kbd>
                          )}
                        </>
                      )}
                    </a>
                  ))}
                </div>
              ))}
            </div>
            <div
              id="dark-with-quick-actions-empty"
              hidden={visible.length > 0}
              className="px-6 py-14 text-center sm:px-14"
            >
              <img
                src="/images/catalog/application-ui/illustration-empty-inbox.svg"
                alt=""
                width="120"
                height="90"
                className="mx-auto h-[90px] w-[120px] opacity-80"
              />
              <p className="mt-4 text-sm font-semibold text-white">No results found</p>
              <p className="mt-2 text-sm text-gray-400">
                We can’t find anything with that term at the moment, try searching something else.
              </p>
            </div>
            <div className="flex items-center gap-x-4 px-4 py-2.5 text-xs text-gray-400">
              <span className="flex items-center gap-x-1">
                <kbd className="rounded-sm bg-white/10 px-1.5 py-0.5 font-sans text-gray-300">
                  ↑
                </kbd>
                <kbd className="rounded-sm bg-white/10 px-1.5 py-0.5 font-sans text-gray-300">
                  ↓
                </kbd>{' '}
                to navigate
              </span>
              <span className="flex items-center gap-x-1">
                <kbd className="rounded-sm bg-white/10 px-1.5 py-0.5 font-sans text-gray-300">
                  Enter
                </kbd>{' '}
                to open
              </span>
              <span className="hidden items-center gap-x-1 sm:flex">
                <kbd className="rounded-sm bg-white/10 px-1.5 py-0.5 font-sans text-gray-300">
                  Esc
                </kbd>{' '}
                to close
              </span>
            </div>
          </div>
        </div>
      </dialog>
    </div>
  );
}
