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

type Person = { name: string; role: string; email: string; team: string; avatar: string };

const people: Person[] = [
  {
    name: 'Leslie Alexander',
    role: 'Co-founder / CEO',
    email: 'leslie@pinecrest.app',
    team: 'Leadership',
    avatar: '/images/catalog/application-ui/avatar-leslie-alexander.svg',
  },
  {
    name: 'Michael Foster',
    role: 'Staff engineer',
    email: 'michael@pinecrest.app',
    team: 'Platform',
    avatar: '/images/catalog/application-ui/avatar-michael-foster.svg',
  },
  {
    name: 'Dries Vincent',
    role: 'Product designer',
    email: 'dries@pinecrest.app',
    team: 'Design',
    avatar: '/images/catalog/application-ui/avatar-dries-vincent.svg',
  },
  {
    name: 'Lindsay Walton',
    role: 'Head of support',
    email: 'lindsay@pinecrest.app',
    team: 'Customer experience',
    avatar: '/images/catalog/application-ui/avatar-lindsay-walton.svg',
  },
  {
    name: 'Courtney Henry',
    role: 'Growth marketer',
    email: 'courtney@pinecrest.app',
    team: 'Marketing',
    avatar: '/images/catalog/application-ui/avatar-courtney-henry.svg',
  },
  {
    name: 'Tom Cook',
    role: 'Account executive',
    email: 'tom@pinecrest.app',
    team: 'Sales',
    avatar: '/images/catalog/application-ui/avatar-tom-cook.svg',
  },
];

const optionId = (person: Person) => `with-people-preview-option-${people.indexOf(person) + 1}`;

export default function WithPeoplePreview() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // The preview keeps showing the last highlighted person while nobody matches.
  const [previewed, setPreviewed] = useState(people[0]!);

  const matches = (person: Person, text = query) =>
    person.name.toLowerCase().includes(text.trim().toLowerCase());
  const visible = people.filter((person) => matches(person));
  const activePerson = visible[active];

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
    if (activePerson)
      document.getElementById(optionId(activePerson))?.scrollIntoView({ block: 'nearest' });
  }, [activePerson]);

  const select = (index: number, shown = visible) => {
    const next = Math.max(0, Math.min(index, shown.length - 1));
    setActive(next);
    if (shown[next]) setPreviewed(shown[next]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      select(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && activePerson) {
      event.preventDefault();
      document.getElementById(optionId(activePerson))?.click();
    }
  };

  return (
    <div className="flex min-h-[36rem] justify-center bg-white p-6 text-gray-900 dark:bg-gray-900 dark:text-white">
      <button
        type="button"
        command="show-modal"
        commandfor="with-people-preview-dialog"
        className="inline-flex h-fit items-center gap-x-2 rounded-md bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-white/10 dark:text-white dark:ring-white/10 dark:hover:bg-white/20 dark:focus-visible:outline-indigo-500"
      >
        Find a teammate
      </button>
      <dialog
        ref={dialog}
        id="with-people-preview-dialog"
        open
        aria-label="Find a teammate"
        className="fixed inset-0 z-50 size-auto max-h-none max-w-none overflow-y-auto bg-transparent backdrop:bg-transparent"
      >
        <div className="fixed inset-0 bg-gray-500/25" aria-hidden="true" />
        <div className="relative min-h-full p-4 sm:p-6 md:p-20">
          <div className="mx-auto max-w-3xl divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-black/5 dark:divide-white/10 dark:bg-gray-800 dark:ring-white/10">
            <div className="grid grid-cols-1">
              <input
                ref={input}
                id="with-people-preview-input"
                type="text"
                autoFocus
                role="combobox"
                aria-expanded="true"
                aria-controls="with-people-preview-options"
                aria-autocomplete="list"
                aria-activedescendant={activePerson ? optionId(activePerson) : undefined}
                aria-label="Search people"
                placeholder="Search people…"
                onChange={(event) => {
                  const next = event.target.value;
                  setQuery(next);
                  select(
                    0,
                    people.filter((person) => matches(person, next)),
                  );
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
            <div className="flex transform-gpu divide-x divide-gray-100 dark:divide-white/10">
              <div className="max-h-96 min-w-0 flex-auto scroll-py-4 overflow-y-auto px-4 py-4 sm:px-6">
                <h3 className="mt-2 mb-4 text-xs font-semibold text-gray-500 dark:text-gray-400">
                  Recent
                </h3>
                <div
                  id="with-people-preview-options"
                  role="listbox"
                  aria-label="People"
                  className="-mx-2 text-sm text-gray-700 dark:text-gray-300"
                >
                  {people.map((person) => (
                    <a
                      key={person.email}
                      href="#"
                      id={optionId(person)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={person === activePerson}
                      data-name={person.name}
                      data-role={person.role}
                      data-email={person.email}
                      data-team={person.team}
                      data-avatar={person.avatar}
                      hidden={!matches(person)}
                      onMouseMove={() => select(visible.indexOf(person))}
                      className="group flex cursor-default items-center rounded-md p-2 text-sm text-gray-700 select-none focus-visible:outline-none aria-selected:bg-gray-100 aria-selected:text-gray-900 dark:text-gray-300 dark:aria-selected:bg-white/10 dark:aria-selected:text-white"
                    >
                      <img
                        src={person.avatar}
                        alt=""
                        width="24"
                        height="24"
                        className="size-6 flex-none rounded-full"
                      />
                      <span className="ml-3 flex-auto truncate">{person.name}</span>
                      <svg
                        className="ml-3 hidden size-5 flex-none text-gray-400 group-aria-selected:block dark:text-gray-500"
                        viewBox="0 0 20 20"
                        fill="currentColor"
                        aria-hidden="true"
                      >
                        <path
                          fillRule="evenodd"
                          d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
                          clipRule="evenodd"
                        />
                      </svg>
                    </a>
                  ))}
                </div>
                <p
                  id="with-people-preview-empty"
                  hidden={visible.length > 0}
                  className="py-10 text-center text-sm text-gray-500 dark:text-gray-400"
                >
                  No one matches that name.
                </p>
              </div>
              <div className="hidden h-96 w-1/2 flex-none flex-col divide-y divide-gray-100 overflow-y-auto sm:flex dark:divide-white/10">
                <div className="flex-none p-6 text-center">
                  <img
                    id="with-people-preview-preview-avatar"
                    src={previewed.avatar}
                    alt=""
                    width="64"
                    height="64"
                    className="mx-auto size-16 rounded-full"
                  />
                  <h2
                    id="with-people-preview-preview-name"
                    className="mt-3 font-semibold text-gray-900 dark:text-white"
                  >
                    {previewed.name}
                  </h2>
                  <p
                    id="with-people-preview-preview-role"
                    className="text-sm/6 text-gray-500 dark:text-gray-400"
                  >
                    {previewed.role}
                  </p>
                </div>
                <div className="flex flex-auto flex-col justify-between p-6">
                  <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm text-gray-700 sm:grid-cols-[auto_1fr] dark:text-gray-300">
                    <dt className="font-semibold text-gray-900 dark:text-white">Team</dt>
                    <dd id="with-people-preview-preview-team">{previewed.team}</dd>
                    <dt className="font-semibold text-gray-900 dark:text-white">Email</dt>
                    <dd
                      id="with-people-preview-preview-email"
                      className="truncate text-indigo-600 dark:text-indigo-400"
                    >
                      {previewed.email}
                    </dd>
                  </dl>
                  <button
                    type="button"
                    className="mt-6 w-full rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-xs hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-500"
                  >
                    Send message
                  </button>
                </div>
              </div>
            </div>
          </div>
        </div>
      </dialog>
    </div>
  );
}
