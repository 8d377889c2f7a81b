import { Link, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@tessera/ui';
import { formatDateTime } from './format';
import type { AuditAction, AuditEntryRecord } from './types';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'impersonation.start': 'Started impersonating',
  'impersonation.stop': 'Stopped impersonating',
  'impersonation.act': 'Acted as the customer',
  'purchase.refund_request': 'Requested a refund',
  'purchase.refund_failed': 'Refund request failed',
  'purchase.business_address': 'Edited a receipt’s business address',
  'license.deactivate': 'Deactivated a licence',
  'license.reactivate': 'Reactivated a licence',
  'license.move': 'Moved a licence',
  'license.resend': 'Resent a licence e-mail',
  'team.member_remove': 'Removed a team member',
  'webhook.replay': 'Replayed a webhook event',
  'job.retry': 'Retried a failed job',
};

export type AuditEntriesProps = {
  entries: AuditEntryRecord[];
  locale?: string;
  /** Leaves out the customer column (on the customer's own page). */
  showCustomer?: boolean;
  'aria-labelledby'?: string;
};

/** Audit entries, newest first: who did what to which object, when and from where. */
export function AuditEntries({
  entries,
  locale,
  showCustomer = true,
  'aria-labelledby': labelledBy,
}: AuditEntriesProps) {
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">When</TableHead>
          <TableHead scope="col">Who</TableHead>
          <TableHead scope="col">What</TableHead>
          {showCustomer ? <TableHead scope="col">Customer</TableHead> : null}
          <TableHead scope="col">Details</TableHead>
          <TableHead scope="col">Address</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="align-top whitespace-nowrap">
              <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
            </TableCell>
            <TableCell className="align-top">{entry.actorEmail}</TableCell>
            <TableCell className="align-top">
              <span className="font-medium text-gray-900">
                {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
              </span>
              <span className="block text-gray-500">{entry.subject}</span>
            </TableCell>
            {showCustomer ? (
              <TableCell className="align-top">
                {entry.customer ? (
                  <Link
                    href={entry.customer.url}
                    className="font-medium text-brand-600 hover:text-brand-500"
                  >
                    {entry.customer.email}
                  </Link>
                ) : (
                  <span className="text-gray-500">—</span>
                )}
              </TableCell>
            ) : null}
            <TableCell className="align-top whitespace-normal">
              <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
                {Object.entries(entry.details).map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-gray-500">{label}</dt>
                    <dd className="break-all text-gray-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </TableCell>
            <TableCell className="align-top font-mono text-xs text-gray-600">
              {entry.ip ?? '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
