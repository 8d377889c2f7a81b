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

const documentIcon =
  'M19.5 14.25v-2.625a3.375 3.375 0 0 0-3.375-3.375h-1.5A1.125 1.125 0 0 1 13.5 7.125v-1.5a3.375 3.375 0 0 0-3.375-3.375H8.25m2.25 0H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 0 0-9-9Z';

type Article = { category: string; title: string; excerpt: string; color: string };

const articles: Article[] = [
  {
    category: 'Billing',
    title: 'Download or resend an invoice',
    excerpt:
      'Find every invoice under Settings → Billing, download it as a PDF or resend it to your accounts team.',
    color: 'bg-indigo-500',
  },
  {
    category: 'Billing',
    title: 'Add a VAT number to your invoices',
    excerpt:
      'Enter your VAT or GST number once and it appears on all future invoices, including renewals.',
    color: 'bg-indigo-500',
  },
  {
    category: 'Payments',
    title: 'Why was my card declined?',
    excerpt:
      'Most declines come from the issuing bank. Check the card’s 3-D Secure settings, then retry the failed invoice.',
    color: 'bg-pink-500',
  },
  {
    category: 'Account',
    title: 'Change the billing contact',
    excerpt:
      'Invoices go to the billing contact, who doesn’t need to be an admin of your workspace.',
    color: 'bg-emerald-500',
  },
];

const initialQuery = 'invoice';
const optionId = (article: Article) => `help-center-search-option-${articles.indexOf(article) + 1}`;
// Everything the option says, as the HTML version filters on its text.
const optionText = (article: Article) => `${article.category} ${article.title} ${article.excerpt}`;

export default function HelpCenterSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);

  const matches = (article: Article) =>
    optionText(article).toLowerCase().includes(query.trim().toLowerCase());
  const visible = articles.filter(matches);
  const activeArticle = visible[active];

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
    if (activeArticle)
      document.getElementById(optionId(activeArticle))?.scrollIntoView({ block: 'nearest' });
  }, [activeArticle]);

  const select = (index: number) => setActive(Math.max(0, Math.min(index, visible.length - 1)));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      select(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && activeArticle) {
      event.preventDefault();
      document.getElementById(optionId(activeArticle))?.click();
    }
  };

  return (
    <div className="flex min-h-[40rem] justify-center bg-gray-50 p-6 text-gray-900 dark:bg-gray-900 dark:text-white">
      <button
        type="button"
        command="show-modal"
        commandfor="help-center-search-dialog"
        className="flex h-fit w-full max-w-sm items-center gap-x-3 rounded-full bg-white px-4 py-2.5 text-sm text-gray-500 shadow-xs ring-1 ring-gray-300 ring-inset hover:ring-gray-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-white/10 dark:text-gray-400 dark:ring-white/10 dark:hover:ring-white/20 dark:focus-visible:outline-indigo-500"
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
        How can we help?
      </button>
      <dialog
        ref={dialog}
        id="help-center-search-dialog"
        open
        aria-label="Search the help center"
        className="fixed inset-0 z-50 size-auto max-h-none max-w-none overflow-y-auto bg-transparent backdrop:bg-transparent"
      >
        <div className="fixed inset-0 bg-gray-900/40" aria-hidden="true" />
        <div className="relative min-h-full p-4 sm:p-6 md:p-20">
          <div className="mx-auto max-w-2xl overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-black/5 dark:bg-gray-800 dark:ring-white/10">
            <div className="flex items-center gap-x-3 border-b border-gray-100 px-4 dark:border-white/10">
              <svg
                className="size-5 flex-none text-gray-400 dark:text-gray-500"
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
              <input
                ref={input}
                id="help-center-search-input"
                type="text"
                autoFocus
                role="combobox"
                aria-expanded="true"
                aria-controls="help-center-search-options"
                aria-autocomplete="list"
                aria-activedescendant={activeArticle ? optionId(activeArticle) : undefined}
                aria-label="Search articles"
                defaultValue={initialQuery}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                className="h-14 w-full min-w-0 text-base text-gray-900 outline-hidden placeholder:text-gray-400 sm:text-sm dark:text-white dark:placeholder:text-gray-500"
              />
              <button
                type="button"
                command="close"
                commandfor="help-center-search-dialog"
                className="flex-none rounded-md px-2 py-1 text-xs font-medium text-gray-500 ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-gray-400 dark:ring-white/10 dark:hover:bg-white/20 dark:focus-visible:outline-indigo-500"
              >
                Esc<span className="sr-only">, close search</span>
              </button>
            </div>
            <div
              id="help-center-search-options"
              role="listbox"
              aria-label="Articles"
              className="max-h-[26rem] scroll-py-3 space-y-1 overflow-y-auto p-3"
            >
              {articles.map((article) => (
                <a
                  key={article.title}
                  href="#"
                  id={optionId(article)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={article === activeArticle}
                  hidden={!matches(article)}
                  onMouseMove={() => select(visible.indexOf(article))}
                  className="group flex cursor-default gap-x-4 rounded-lg p-3 select-none focus-visible:outline-none aria-selected:bg-gray-100 dark:aria-selected:bg-white/5"
                >
                  <span
                    className={`flex size-10 flex-none items-center justify-center rounded-lg ${article.color}`}
                  >
                    <svg
                      className="size-6 text-white"
                      fill="none"
                      viewBox="0 0 24 24"
                      strokeWidth="1.5"
                      stroke="currentColor"
                      aria-hidden="true"
                    >
                      <path strokeLinecap="round" strokeLinejoin="round" d={documentIcon} />
                    </svg>
                  </span>
                  <span className="min-w-0 flex-auto">
                    <span className="block text-xs font-medium text-gray-600 dark:text-gray-400">
                      {article.category}
                    </span>
                    <span className="mt-0.5 block text-sm font-semibold text-gray-900 dark:text-white">
                      {article.title}
                    </span>
                    <span className="mt-1 line-clamp-2 block text-sm text-gray-600 dark:text-gray-400">
                      {article.excerpt}
                    </span>
                  </span>
                </a>
              ))}
            </div>
            <div
              id="help-center-search-empty"
              hidden={visible.length > 0}
              className="px-6 py-14 text-center sm:px-14"
            >
              <img
                src="/images/catalog/application-ui/illustration-empty-inbox.svg"
                alt=""
                width="120"
                height="90"
                className="mx-auto h-[90px] w-[120px]"
              />
              <p className="mt-4 text-sm font-semibold text-gray-900 dark:text-white">
                No articles found
              </p>
              <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">
                Try different words, or{' '}
                <a
                  href="#"
                  className="rounded-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:text-indigo-400 dark:focus-visible:outline-indigo-500"
                >
                  contact support
                </a>
                .
              </p>
            </div>
            <div className="flex items-center justify-between gap-x-4 bg-gray-50 px-4 py-3 text-xs text-gray-500 dark:bg-gray-800/50 dark:text-gray-400">
              <p>Search powered by Lumen</p>
              <a
                href="#"
                className="rounded-sm font-medium text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-gray-300 dark:hover:text-white dark:focus-visible:outline-indigo-500"
              >
                Browse all articles <span aria-hidden="true">&rarr;</span>
              </a>
            </div>
          </div>
        </div>
      </dialog>
    </div>
  );
}
