import { Button, Link } from '@tessera/ui';
import { useId } from 'react';
import type * as React from 'react';
import { BackOfficeLayout, BackOfficeSectionBlock } from '../back-office-layout';
import { formatDateTime } from '../format';
import type { AdminWebhookPageProps as ServerProps } from '../types';
import { WebhookOutcome } from './webhook-outcome';

export const adminWebhookPageTitle = (eventType: string) => `${eventType} · Webhook`;

export type AdminWebhookPageProps = ServerProps & {
  locale?: string;
  /** POST /admin/webhooks/{id}/replay */
  onReplay: () => void;
  replaying?: boolean;
};

/** One webhook event as received: when, what became of it, its payload; and a replay. */
export function AdminWebhookPage({
  event,
  payload,
  locale,
  onReplay,
  replaying = false,
}: AdminWebhookPageProps) {
  const payloadId = useId();
  const rows: [string, React.ReactNode][] = [
    ['Event id', <span className="font-mono break-all">{event.eventId}</span>],
    ['Provider', event.provider],
    ['Occurred', formatDateTime(event.occurredAt, locale)],
    ['Received', formatDateTime(event.receivedAt, locale)],
    ['Processed', event.processedAt ? formatDateTime(event.processedAt, locale) : 'Not yet'],
    ['Outcome', <WebhookOutcome outcome={event.outcome} />],
    ['Deliveries', String(event.deliveries)],
  ];
  if (event.error) rows.push(['Error', <span className="text-red-700">{event.error}</span>]);
  return (
    <BackOfficeLayout
      section="webhooks"
      title={event.eventType}
      description={
        <Link href="/admin/webhooks" className="font-medium text-brand-600 hover:text-brand-500">
          ← All events
        </Link>
      }
      actions={
        <form
          aria-label="Replay"
          className="flex max-w-xs flex-col items-end gap-2"
          onSubmit={(submitEvent) => {
            submitEvent.preventDefault();
            onReplay();
          }}
        >
          <Button type="submit" variant="dark" loading={replaying}>
            Replay event
          </Button>
          <p className="text-right text-xs text-gray-500">
            Runs it through fulfilment again. An event already applied changes nothing.
          </p>
        </form>
      }
    >
      <dl className="grid max-w-3xl grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-sm/6">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-900">{label}</dt>
            <dd className="text-gray-700">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-10">
        <BackOfficeSectionBlock title="Payload" id={payloadId}>
          <pre
            tabIndex={0}
            aria-label="Payload as received"
            className="max-h-[32rem] overflow-auto rounded-control bg-gray-950 p-4 text-xs/5 text-gray-100"
          >
            <code>{payload}</code>
          </pre>
        </BackOfficeSectionBlock>
      </div>
    </BackOfficeLayout>
  );
}
