import { buttonVariants, Link } from '@tessera/ui';

export const ERROR_PAGE_STATUSES = [403, 404, 419, 429, 500, 503] as const;
export type ErrorPageStatus = (typeof ERROR_PAGE_STATUSES)[number];

export type ErrorPageProps = {
  status: number;
  /** A message the server chose to show (never a server error's internals in production). */
  message?: string;
  /** Quoted to support on server errors. */
  requestId?: string;
  /** From the Retry-After header of a 429 or 503. */
  retryAfterSeconds?: number;
};

function waitPhrase(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'a moment';
  if (seconds < 60) return seconds === 1 ? '1 second' : `${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The heading and sentence for a status; unknown statuses read as the nearest family. */
export function errorPageCopy({
  status,
  retryAfterSeconds,
}: Pick<ErrorPageProps, 'status' | 'retryAfterSeconds'>): { title: string; description: string } {
  switch (status) {
    case 404:
      return {
        title: 'Page not found',
        description: 'Sorry, we couldn’t find the page you’re looking for.',
      };
    case 403:
      return {
        title: 'Access denied',
        description: 'You don’t have permission to view this page.',
      };
    case 419:
      return {
        title: 'Page expired',
        description: 'This page has expired. Please reload the page and try again.',
      };
    case 429:
      return {
        title: 'Too many requests',
        description: `You’ve made too many requests. Please wait ${waitPhrase(retryAfterSeconds)} and try again.`,
      };
    case 503:
      return {
        title: 'We’ll be right back',
        description: `The store is down for maintenance or can’t reach a service it needs. Please try again in ${waitPhrase(retryAfterSeconds)}.`,
      };
    default:
      return status >= 500
        ? {
            title: 'Something went wrong',
            description: 'An unexpected error occurred on our side. We’ve been notified.',
          }
        : {
            title: 'Something went wrong',
            description: 'The request could not be completed.',
          };
  }
}

/** What a visitor sees instead of a page: a clear reason and a way back. */
export function ErrorPage({ status, message, requestId, retryAfterSeconds }: ErrorPageProps) {
  const { title, description } = errorPageCopy({ status, retryAfterSeconds });
  const detail = message && message !== title && message !== description ? message : undefined;
  return (
    <div data-slot="error-page" className="bg-white px-6 py-24 sm:py-32 lg:px-8">
      <div className="mx-auto max-w-xl text-center">
        <p className="text-base font-semibold text-brand-600">{status}</p>
        <h1 className="mt-4 text-4xl font-semibold tracking-tight text-balance text-gray-900 sm:text-5xl">
          {title}
        </h1>
        <p className="mt-6 text-base/7 text-pretty text-gray-600">{description}</p>
        {detail ? <p className="mt-2 text-sm/6 text-pretty text-gray-600">{detail}</p> : null}
        {requestId && status >= 500 ? (
          <p className="mt-4 text-sm/6 text-gray-600">
            If you contact support, quote request id{' '}
            <code className="font-mono break-all text-gray-900">{requestId}</code>.
          </p>
        ) : null}
        <div className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-4">
          <Link href="/" className={buttonVariants({ variant: 'primary' })}>
            Go back home
          </Link>
          <Link href="/support" className="text-sm font-semibold text-gray-900">
            Contact support <span aria-hidden="true">&rarr;</span>
          </Link>
        </div>
      </div>
    </div>
  );
}
