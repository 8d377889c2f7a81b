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
  folder:
    'M2.25 12.75V12A2.25 2.25 0 0 1 4.5 9.75h15A2.25 2.25 0 0 1 21.75 12v.75m-8.69-6.44-2.12-2.12a1.5 1.5 0 0 0-1.061-.44H4.5A2.25 2.25 0 0 0 2.25 6v12a2.25 2.25 0 0 0 2.25 2.25h15A2.25 2.25 0 0 0 21.75 18V9a2.25 2.25 0 0 0-2.25-2.25h-5.379a1.5 1.5 0 0 1-1.06-.44Z',
  document:
    'M19.5 14.25v-2.625a3.375 3.375 0 0 0-3.375-3.375h-1.5A1.125 1.125 0 0 1 13.5 7.125v-1.5a3.375 3.375 0 0 0-3.375-3.375H8.25m2.25 0H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 0 0-9-9Z',
  users:
    'M15 19.128a9.38 9.38 0 0 0 2.625.372 9.337 9.337 0 0 0 4.121-.952 4.125 4.125 0 0 0-7.533-2.493M15 19.128v-.003c0-1.113-.285-2.16-.786-3.07M15 19.128v.106A12.318 12.318 0 0 1 8.624 21c-2.331 0-4.512-.645-6.374-1.766l-.001-.109a6.375 6.375 0 0 1 11.964-3.07M12 6.375a3.375 3.375 0 1 1-6.75 0 3.375 3.375 0 0 1 6.75 0Zm8.25 2.25a2.625 2.625 0 1 1-5.25 0 2.625 2.625 0 0 1 5.25 0Z',
  calendar:
    'M6.75 3v2.25M17.25 3v2.25M3 18.75V7.5a2.25 2.25 0 0 1 2.25-2.25h13.5A2.25 2.25 0 0 1 21 7.5v11.25m-18 0A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75m-18 0v-7.5A2.25 2.25 0 0 1 5.25 9h13.5A2.25 2.25 0 0 1 21 11.25v7.5',
  settings:
    'M9.594 3.94c.09-.542.56-.94 1.11-.94h2.593c.55 0 1.02.398 1.11.94l.213 1.281c.063.374.313.686.645.87.074.04.147.083.22.127.325.196.72.257 1.075.124l1.217-.456a1.125 1.125 0 0 1 1.37.49l1.296 2.247a1.125 1.125 0 0 1-.26 1.431l-1.003.827c-.293.241-.438.613-.43.992a7.723 7.723 0 0 1 0 .255c-.008.378.137.75.43.991l1.004.827c.424.35.534.955.26 1.43l-1.298 2.247a1.125 1.125 0 0 1-1.369.491l-1.217-.456c-.355-.133-.75-.072-1.076.124a6.47 6.47 0 0 1-.22.128c-.331.183-.581.495-.644.869l-.213 1.281c-.09.543-.56.94-1.11.94h-2.594c-.55 0-1.019-.398-1.11-.94l-.213-1.281c-.062-.374-.312-.686-.644-.87a6.52 6.52 0 0 1-.22-.127c-.325-.196-.72-.257-1.076-.124l-1.217.456a1.125 1.125 0 0 1-1.369-.49l-1.297-2.247a1.125 1.125 0 0 1 .26-1.431l1.004-.827c.292-.24.437-.613.43-.991a6.932 6.932 0 0 1 0-.255c.007-.38-.138-.751-.43-.992l-1.004-.827a1.125 1.125 0 0 1-.26-1.43l1.297-2.247a1.125 1.125 0 0 1 1.37-.491l1.216.456c.356.133.751.072 1.076-.124.072-.044.146-.086.22-.128.332-.183.582-.495.644-.869l.214-1.28Z M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
};

type Command = { name: string; icon: keyof typeof icons; shortcut?: string };

const groups: { id: string; name: string; commands: Command[] }[] = [
  {
    id: 'recent',
    name: 'Recent',
    commands: [
      { name: 'Billing service / Retry failed webhooks', icon: 'folder' },
      { name: 'Onboarding / Welcome email copy', icon: 'folder' },
    ],
  },
  {
    id: 'actions',
    name: 'Quick actions',
    commands: [
      { name: 'Create issue', icon: 'document', shortcut: 'C' },
      { name: 'Invite teammate', icon: 'users', shortcut: 'Ctrl I' },
      { name: 'Start a new cycle', icon: 'calendar', shortcut: 'Ctrl Shift C' },
      { name: 'Open workspace settings', icon: 'settings', shortcut: 'G S' },
    ],
  },
];

const commands = groups.flatMap((group) => group.commands);
const optionId = (command: Command) =>
  `with-groups-and-shortcuts-option-${commands.indexOf(command) + 1}`;
// Everything the option says (recent items also say "Jump to…"), as the HTML version filters on it.
const optionText = (command: Command) => `${command.name} ${command.shortcut ?? 'Jump to…'}`;

export default function WithGroupsAndShortcuts() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const matches = (command: Command) =>
    optionText(command).toLowerCase().includes(query.trim().toLowerCase());
  const visible = commands.filter(matches);
  const activeCommand = visible[active];

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
    if (activeCommand)
      document.getElementById(optionId(activeCommand))?.scrollIntoView({ block: 'nearest' });
  }, [activeCommand]);

  const select = (index: number) => setActive(Math.max(0, Math.min(index, visible.length - 1)));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      select(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && activeCommand) {
      event.preventDefault();
      document.getElementById(optionId(activeCommand))?.click();
    }
  };

  return (
    <div className="flex min-h-[36rem] justify-center bg-white p-6 text-gray-900 dark:bg-gray-900 dark:text-white">
      <button
        type="button"
        command="show-modal"
        commandfor="with-groups-and-shortcuts-dialog"
        className="flex h-fit w-full max-w-xs items-center gap-x-3 rounded-md bg-white px-3 py-2 text-sm text-gray-500 shadow-xs ring-1 ring-gray-300 ring-inset hover:ring-gray-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-white/10 dark:text-gray-400 dark:ring-white/10 dark:hover:ring-white/20 dark:focus-visible:outline-indigo-500"
      >
        <svg
          className="size-5 text-gray-400 dark:text-gray-500"
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
        Jump to…{' '}
        <kbd className="ml-auto font-sans text-xs text-gray-500 dark:text-gray-400">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        id="with-groups-and-shortcuts-dialog"
        open
        aria-label="Command palette"
        className="fixed inset-0 z-50 size-auto max-h-none max-w-none overflow-y-auto bg-transparent backdrop:bg-transparent"
      >
        <div className="fixed inset-0 bg-gray-500/25" aria-hidden="true" />
        <div className="relative min-h-full p-4 sm:p-6 md:p-20">
          <div className="mx-auto max-w-2xl divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-black/5 dark:divide-white/10 dark:bg-gray-800 dark:ring-white/10">
            <div className="grid grid-cols-1">
              <input
                ref={input}
                id="with-groups-and-shortcuts-input"
                type="text"
                autoFocus
                role="combobox"
                aria-expanded="true"
                aria-controls="with-groups-and-shortcuts-options"
                aria-autocomplete="list"
                aria-activedescendant={activeCommand ? optionId(activeCommand) : undefined}
                aria-label="Search commands"
                placeholder="Search or type a command…"
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                className="col-start-1 row-start-1 h-12 w-full pr-4 pl-11 text-base text-gray-900 outline-hidden placeholder:text-gray-400 sm:text-sm dark:text-white dark:placeholder:text-gray-500"
              />
              <svg
                className="pointer-events-none col-start-1 row-start-1 ml-4 size-5 self-center text-gray-400 dark:text-gray-500"
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
              id="with-groups-and-shortcuts-options"
              role="listbox"
              aria-label="Commands"
              className="max-h-96 scroll-py-2 divide-y divide-gray-100 overflow-y-auto dark:divide-white/10"
            >
              {groups.map((group) => (
                <div
                  key={group.id}
                  role="group"
                  aria-labelledby={`with-groups-and-shortcuts-${group.id}`}
                  hidden={!group.commands.some(matches)}
                  className="p-2"
                >
                  <h3
                    id={`with-groups-and-shortcuts-${group.id}`}
                    className="mt-2 mb-2 px-3 text-xs font-semibold text-gray-500 dark:text-gray-400"
                  >
                    {group.name}
                  </h3>
                  {group.commands.map((command) => (
                    <a
                      key={command.name}
                      href="#"
                      id={optionId(command)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={command === activeCommand}
                      hidden={!matches(command)}
                      onMouseMove={() => select(visible.indexOf(command))}
                      className="group flex cursor-default items-center rounded-md px-3 py-2 text-sm text-gray-700 select-none focus-visible:outline-none aria-selected:bg-gray-900/5 aria-selected:text-gray-900 dark:text-gray-300 dark:aria-selected:bg-white/5 dark:aria-selected:text-white"
                    >
                      <svg
                        className="size-6 flex-none text-gray-400 group-aria-selected:text-gray-900 dark:text-gray-500 dark:group-aria-selected:text-white"
                        fill="none"
                        viewBox="0 0 24 24"
                        strokeWidth="1.5"
                        stroke="currentColor"
                        aria-hidden="true"
                      >
                        <path
                          strokeLinecap="round"
                          strokeLinejoin="round"
                          d={icons[command.icon]}
                        />
                      </svg>
                      <span className="ml-3 flex-auto truncate">{command.name}</span>
                      {command.shortcut ? (
                        <kbd className="ml-3 flex-none font-sans text-xs font-semibold text-gray-500 dark:text-gray-400">
                          {command.shortcut}
                        </kbd>
                      ) : (
                        <span className="ml-3 hidden flex-none text-gray-600 group-aria-selected:inline dark:text-gray-400">
                          Jump to…
                        </span>
                      )}
                    </a>
                  ))}
                </div>
              ))}
            </div>
            <div
              id="with-groups-and-shortcuts-empty"
              hidden={visible.length > 0}
              className="px-6 py-14 text-center sm:px-14"
            >
              <svg
                className="mx-auto size-6 text-gray-400 dark:text-gray-500"
                fill="none"
                viewBox="0 0 24 24"
                strokeWidth="1.5"
                stroke="currentColor"
                aria-hidden="true"
              >
                <path strokeLinecap="round" strokeLinejoin="round" d={icons.folder} />
              </svg>
              <p className="mt-4 text-sm text-gray-900 dark:text-white">
                We couldn’t find anything with that term. Please try again.
              </p>
            </div>
            <div className="flex flex-wrap items-center bg-gray-50 px-4 py-2.5 text-xs text-gray-700 dark:bg-gray-800/50 dark:text-gray-300">
              Type{' '}
              <kbd className="mx-1 flex size-5 items-center justify-center rounded-sm border border-gray-400 bg-white font-semibold dark:border-white/20 dark:bg-gray-800/50">
                #
              </kbd>{' '}
              <span className="sm:hidden">for issues,</span>
              <span className="hidden sm:inline">to search issues,</span>
              <kbd className="mx-1 flex size-5 items-center justify-center rounded-sm border border-gray-400 bg-white font-semibold dark:border-white/20 dark:bg-gray-800/50">
                &gt;
              </kbd>{' '}
              for commands and{' '}
              <kbd className="mx-1 flex size-5 items-center justify-center rounded-sm border border-gray-400 bg-white font-semibold dark:border-white/20 dark:bg-gray-800/50">
                ?
              </kbd>{' '}
              for help.
            </div>
          </div>
        </div>
      </dialog>
    </div>
  );
}
