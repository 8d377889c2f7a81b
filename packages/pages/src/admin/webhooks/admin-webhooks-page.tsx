import {
  cn,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@tessera/ui';
import { BackOfficeLayout, EmptyNote } from '../back-office-layout';
import { formatDateTime } from '../format';
import { PaginationNav } from '../pagination-nav';
import type { AdminWebhooksPageProps as ServerProps, WebhookOutcome as Outcome } from '../types';
import { WEBHOOK_OUTCOME_LABELS, WebhookOutcome } from './webhook-outcome';

export const adminWebhooksPageTitle = 'Webhook log';

export type AdminWebhooksPageProps = ServerProps & { locale?: string };

const FILTERS: (Outcome | null)[] = [null, 'failed', 'held', 'ignored', 'applied'];

const listUrl = (outcome: Outcome | null, page = 1) => {
  const query = [outcome ? `outcome=${outcome}` : '', page > 1 ? `page=${page}` : '']
    .filter(Boolean)
    .join('&');
  return `/admin/webhooks${query ? `?${query}` : ''}`;
};

/** Every event the payment provider sent, as received; read only. */
export function AdminWebhooksPage({ events, pagination, outcome, locale }: AdminWebhooksPageProps) {
  return (
    <BackOfficeLayout
      section="webhooks"
      title="Webhook log"
      description="Every event the payment provider delivered, newest first. Open one to see its payload or replay it."
    >
      <nav aria-label="Filter by outcome">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => {
            const current = filter === outcome;
            return (
              <li key={filter ?? 'all'}>
                <Link
                  href={listUrl(filter)}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-block rounded-full px-3 py-1 text-sm font-medium text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50',
                    current && 'bg-gray-900 text-white ring-gray-900 hover:bg-gray-800',
                  )}
                >
                  {filter ? WEBHOOK_OUTCOME_LABELS[filter] : 'All'}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-6">
        {events.length === 0 ? (
          <EmptyNote>{outcome ? `No ${outcome} events.` : 'No events received yet.'}</EmptyNote>
        ) : (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Received</TableHead>
                  <TableHead scope="col">Event</TableHead>
                  <TableHead scope="col">Outcome</TableHead>
                  <TableHead scope="col">Processed</TableHead>
                  <TableHead scope="col" className="text-right">
                    Deliveries
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {events.map((event) => (
                  <TableRow key={event.id}>
                    <TableCell className="align-top whitespace-nowrap">
                      <time dateTime={event.receivedAt}>
                        {formatDateTime(event.receivedAt, locale)}
                      </time>
                    </TableCell>
                    <TableCell className="align-top whitespace-normal">
                      <Link
                        href={event.url}
                        className="font-medium text-brand-600 hover:text-brand-500"
                      >
                        {event.eventType}
                      </Link>
                      <span className="block font-mono text-xs break-all text-gray-500">
                        {event.provider} · {event.eventId}
                      </span>
                      {event.error ? (
                        <span className="block text-xs text-red-700">{event.error}</span>
                      ) : null}
                    </TableCell>
                    <TableCell className="align-top">
                      <WebhookOutcome outcome={event.outcome} />
                    </TableCell>
                    <TableCell className="align-top whitespace-nowrap">
                      {event.processedAt ? (
                        <time dateTime={event.processedAt}>
                          {formatDateTime(event.processedAt, locale)}
                        </time>
                      ) : (
                        <span className="text-gray-500">Not yet</span>
                      )}
                    </TableCell>
                    <TableCell className="text-right align-top tabular-nums">
                      {event.deliveries}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <PaginationNav
              pagination={pagination}
              hrefFor={(page) => listUrl(outcome, page)}
              noun="events"
            />
          </>
        )}
      </div>
    </BackOfficeLayout>
  );
}
