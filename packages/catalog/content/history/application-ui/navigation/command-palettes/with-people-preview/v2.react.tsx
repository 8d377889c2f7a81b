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
    <div className="p-6 flex min-h-[36rem] justify-center">
      <button
        type="button"
        command="show-modal"
        commandfor="with-people-preview-dialog"
        className="gap-x-2 rounded-md bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-xs ring-gray-300 hover:bg-gray-50 focus-visible:outline-indigo-600 inline-flex h-fit items-center ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Find a teammate
      </button>
      <dialog
        ref={dialog}
        id="with-people-preview-dialog"
        open
        aria-label="Find a teammate"
        className="inset-0 fixed z-50 size-auto max-h-none max-w-none overflow-y-auto bg-transparent backdrop:bg-transparent"
      >
        <div className="inset-0 bg-gray-500/25 fixed" aria-hidden="true" />
        <div className="p-4 sm:p-6 md:p-20 relative min-h-full">
          <div className="max-w-3xl divide-gray-100 rounded-xl bg-white shadow-2xl ring-black/5 mx-auto divide-y overflow-hidden ring-1">
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
                className="h-12 pr-4 pl-11 text-base text-gray-900 placeholder:text-gray-400 sm:text-sm col-start-1 row-start-1 w-full outline-hidden"
              />
              <svg
                className="ml-4 size-5 text-gray-400 pointer-events-none col-start-1 row-start-1 self-center"
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
            <div className="divide-gray-100 flex transform-gpu divide-x">
              <div className="max-h-96 min-w-0 scroll-py-4 px-4 py-4 sm:px-6 flex-auto overflow-y-auto">
                <h3 className="mt-2 mb-4 text-xs font-semibold text-gray-500">Recent</h3>
                <div
                  id="with-people-preview-options"
                  role="listbox"
                  aria-label="People"
                  className="-mx-2 text-sm text-gray-700"
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
                      className="group rounded-md p-2 text-sm text-gray-700 aria-selected:bg-gray-100 aria-selected:text-gray-900 flex cursor-default items-center select-none focus-visible:outline-none"
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
                        className="ml-3 size-5 text-gray-400 hidden flex-none group-aria-selected:block"
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
                  className="py-10 text-sm text-gray-500 text-center"
                >
                  No one matches that name.
                </p>
              </div>
              <div className="h-96 divide-gray-100 sm:flex hidden w-1/2 flex-none flex-col divide-y overflow-y-auto">
                <div className="p-6 flex-none text-center">
                  <img
                    id="with-people-preview-preview-avatar"
                    src={previewed.avatar}
                    alt=""
                    width="64"
                    height="64"
                    className="size-16 mx-auto rounded-full"
                  />
                  <h2
                    id="with-people-preview-preview-name"
                    className="mt-3 font-semibold text-gray-900"
                  >
                    {previewed.name}
                  </h2>
                  <p id="with-people-preview-preview-role" className="text-sm/6 text-gray-500">
                    {previewed.role}
                  </p>
                </div>
                <div className="p-6 flex flex-auto flex-col justify-between">
                  <dl className="gap-x-6 gap-y-3 text-sm text-gray-700 sm:grid-cols-[auto_1fr] grid grid-cols-1">
                    <dt className="font-semibold text-gray-900">Team</dt>
                    <dd id="with-people-preview-preview-team">{previewed.team}</dd>
                    <dt className="font-semibold text-gray-900">Email</dt>
                    <dd id="with-people-preview-preview-email" className="text-indigo-600 truncate">
                      {previewed.email}
                    </dd>
                  </dl>
                  <button
                    type="button"
                    className="mt-6 rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-xs hover:bg-indigo-500 focus-visible:outline-indigo-600 w-full focus-visible:outline-2 focus-visible:outline-offset-2"
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
