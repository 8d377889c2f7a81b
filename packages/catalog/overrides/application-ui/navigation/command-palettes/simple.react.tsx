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

const projects = [
  'Alder Coffee / Wholesale portal',
  'Mosaic Health / Patient app',
  'Mosaic Health / Marketing site',
  'Pinecrest / Annual report 2025',
  'Wayfarer / iOS onboarding',
  'Wayfarer / Design system',
];

const optionId = (project: string) => `simple-option-${projects.indexOf(project) + 1}`;

export default function Simple() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const matches = (project: string, text = query) =>
    project.toLowerCase().includes(text.trim().toLowerCase());
  const visible = projects.filter((project) => matches(project));
  const activeProject = visible[active];

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
    if (activeProject)
      document.getElementById(optionId(activeProject))?.scrollIntoView({ block: 'nearest' });
  }, [activeProject]);

  const select = (index: number, shown = visible) =>
    setActive(Math.max(0, Math.min(index, shown.length - 1)));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      select(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && activeProject) {
      event.preventDefault();
      document.getElementById(optionId(activeProject))?.click();
    }
  };

  return (
    <div className="flex min-h-[30rem] justify-center bg-white p-6 text-gray-900 dark:bg-gray-900 dark:text-white">
      <button
        type="button"
        command="show-modal"
        commandfor="simple-dialog"
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
        Search projects…{' '}
        <kbd className="ms-auto font-sans text-xs text-gray-500 dark:text-gray-400">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        id="simple-dialog"
        open
        aria-label="Search projects"
        className="fixed inset-0 z-50 size-auto max-h-none max-w-none overflow-y-auto bg-transparent backdrop:bg-transparent"
      >
        <div className="fixed inset-0 bg-gray-500/25" aria-hidden="true" />
        <div className="relative min-h-full p-4 sm:p-6 md:p-20">
          <div className="mx-auto max-w-xl divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-black/5 dark:divide-white/10 dark:bg-gray-800 dark:ring-white/10">
            <div className="grid grid-cols-1">
              <input
                ref={input}
                id="simple-input"
                type="text"
                autoFocus
                role="combobox"
                aria-expanded="true"
                aria-controls="simple-options"
                aria-autocomplete="list"
                aria-activedescendant={activeProject ? optionId(activeProject) : undefined}
                aria-label="Search projects"
                placeholder="Search projects…"
                onChange={(event) => {
                  setQuery(event.target.value);
                  select(0);
                }}
                onKeyDown={onKeyDown}
                className="col-start-1 row-start-1 h-12 w-full ps-11 pe-4 text-base text-gray-900 outline-hidden placeholder:text-gray-400 sm:text-sm dark:text-white dark:placeholder:text-gray-500"
              />
              <svg
                className="pointer-events-none col-start-1 row-start-1 ms-4 size-5 self-center text-gray-400 dark:text-gray-500"
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
              id="simple-options"
              role="listbox"
              aria-label="Projects"
              className="max-h-72 scroll-py-2 overflow-y-auto py-2"
            >
              {projects.map((project) => (
                <a
                  key={project}
                  href="#"
                  id={optionId(project)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={project === activeProject}
                  hidden={!matches(project)}
                  onMouseMove={() => select(visible.indexOf(project))}
                  className="block cursor-default px-4 py-2 text-sm text-gray-900 select-none focus-visible:outline-none aria-selected:bg-indigo-600 aria-selected:text-white dark:text-white"
                >
                  {project}
                </a>
              ))}
            </div>
            <p
              id="simple-empty"
              hidden={visible.length > 0}
              className="p-4 text-sm text-gray-500 dark:text-gray-400"
            >
              No projects found. Try another name or ask an admin for access.
            </p>
          </div>
        </div>
      </dialog>
    </div>
  );
}
