import { Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@tessera/ui';
import { BackOfficeLayout, BackOfficeSectionBlock, EmptyNote } from '../back-office-layout';
import { formatDateTime } from '../format';
import type {
  AdminJobFailure,
  AdminQueueRecord,
  AdminQueuesPageProps as ServerProps,
} from '../types';

export const adminQueuesPageTitle = 'Queues';

export type AdminQueuesPageProps = ServerProps & {
  locale?: string;
  /** POST the failure's `retryUrl`. */
  onRetry: (failure: AdminJobFailure) => void;
  /** The job whose retry is being sent (its button waits). */
  retrying?: number | null;
};

const COUNTS: { key: keyof AdminQueueRecord['counts']; label: string }[] = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'claimed', label: 'Being handled' },
  { key: 'failing', label: 'Failing, will retry' },
  { key: 'gaveUp', label: 'Gave up' },
  { key: 'done', label: 'Done' },
];

/** "4 min 10 s", "2 h 5 min", "3 d 1 h": how long the oldest job has waited. */
function formatWait(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'd'],
    [3600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [size, unit] of units) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0 || (parts.length === 0 && size === 1)) parts.push(`${amount} ${unit}`);
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/**
 * The outbox and the job backlog (decision 055): per queue, its jobs by state, how long the
 * oldest waiting one has waited, and the latest failures with their last error (redacted by
 * the server; payloads are never sent), each of which the operator may try again.
 */
export function AdminQueuesPage({
  queues,
  locale,
  onRetry,
  retrying = null,
}: AdminQueuesPageProps) {
  const number = new Intl.NumberFormat(locale ?? 'en-US');
  return (
    <BackOfficeLayout
      section="queues"
      title="Queues"
      description="Mail and webhook deliveries waiting, failing or done, as every instance sees them: the jobs live in the database."
    >
      {queues.map((queue) => (
        <BackOfficeSectionBlock key={queue.name} title={queue.label} id={`queue-${queue.name}`}>
          <dl className="grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {COUNTS.map(({ key, label }) => (
              <div key={key}>
                <dt className="text-xs font-medium text-gray-600">{label}</dt>
                <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums">
                  {number.format(queue.counts[key])}
                </dd>
              </div>
            ))}
            <div>
              <dt className="text-xs font-medium text-gray-600">Oldest waiting</dt>
              <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums">
                {queue.oldestWaitingSeconds === null
                  ? 'None'
                  : formatWait(queue.oldestWaitingSeconds)}
              </dd>
            </div>
          </dl>
          <h3 className="mt-8 text-sm font-semibold text-gray-900">Recent failures</h3>
          {queue.failures.length === 0 ? (
            <div className="mt-2">
              <EmptyNote>No failed jobs.</EmptyNote>
            </div>
          ) : (
            <Table className="mt-2" aria-label={`${queue.label}: recent failures`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Job</TableHead>
                  <TableHead>Last error</TableHead>
                  <TableHead className="text-right">Attempts</TableHead>
                  <TableHead>Next try</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {queue.failures.map((failure) => (
                  <TableRow key={failure.id}>
                    <TableCell className="text-sm text-gray-900">
                      <span className="block font-mono">#{failure.id}</span>
                      <span className="block break-all text-gray-600">{failure.subject}</span>
                      <span className="block text-xs text-gray-600">
                        Queued {formatDateTime(failure.createdAt, locale)}
                      </span>
                    </TableCell>
                    <TableCell className="max-w-md text-sm break-words whitespace-normal text-red-700">
                      {failure.lastError}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{failure.attempts}</TableCell>
                    <TableCell className="text-sm text-gray-700">
                      {failure.nextAttemptAt === null
                        ? 'Gave up'
                        : formatDateTime(failure.nextAttemptAt, locale)}
                    </TableCell>
                    <TableCell>
                      <form
                        aria-label={`Retry job #${failure.id}`}
                        onSubmit={(event) => {
                          event.preventDefault();
                          onRetry(failure);
                        }}
                      >
                        <Button
                          type="submit"
                          variant="dark"
                          size="sm"
                          loading={retrying === failure.id}
                          disabled={retrying !== null}
                        >
                          Retry now
                        </Button>
                      </form>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </BackOfficeSectionBlock>
      ))}
    </BackOfficeLayout>
  );
}
