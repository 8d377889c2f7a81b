import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@tessera/ui';
import { formatDate } from '../prose/formatted-date';

/** One purchase. `amount` is display text from the server, e.g. '$299'. */
export type Purchase = {
  id: number;
  /** ISO date-time (UTC). */
  date: string;
  packageName: string;
  amount: string;
  refunded: boolean;
  /** The receipt, hosted by the payment provider. */
  url: string;
  /** 'paddle' today; 'gumroad' for purchases made via the former payment marketplace. */
  source: 'paddle' | 'gumroad' | (string & {});
};

export const RECEIPT_HELP_TEXT =
  "To create a detailed invoice, click 'View Receipt' then 'Edit business address'.";
export const GUMROAD_RECEIPT_HELP_TEXT =
  "For older purchases made via our former payment marketplace, click 'Generate' at the bottom of the receipt instead.";

/** A row of the table: a team's purchases come without `source` (treated as today's provider). */
export type PurchaseHistoryEntry = Omit<Purchase, 'source'> & { source?: Purchase['source'] };

export type PurchaseHistoryProps = {
  purchases: PurchaseHistoryEntry[];
  /** The reader's locale for dates (the shared `preferredLanguage`). */
  locale?: string;
  /** The id of the heading that names the table. */
  'aria-labelledby'?: string;
  className?: string;
};

/** The customer's purchases with their receipts; a refunded one is marked and struck through. */
export function PurchaseHistory({
  purchases,
  locale,
  'aria-labelledby': labelledBy,
  className,
}: PurchaseHistoryProps) {
  const hasGumroadPurchase = purchases.some((purchase) => purchase.source === 'gumroad');
  return (
    <div data-slot="purchase-history" className={className}>
      <Table aria-labelledby={labelledBy}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Date</TableHead>
            <TableHead scope="col">Package</TableHead>
            <TableHead scope="col" className="hidden sm:table-cell">
              Price
            </TableHead>
            <TableHead scope="col" className="text-right">
              Receipt
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {purchases.map((purchase) => {
            const date = formatDate(purchase.date, { locale, dateStyle: 'medium' });
            return (
              <TableRow key={purchase.id} data-refunded={purchase.refunded || undefined}>
                <TableCell className="align-top sm:align-middle">
                  <time dateTime={purchase.date}>{date}</time>
                </TableCell>
                <TableCell className="align-top whitespace-normal sm:align-middle">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-gray-900">{purchase.packageName}</span>
                    {purchase.refunded ? <Badge variant="danger">Refunded</Badge> : null}
                  </div>
                  {/* The Price column is hidden on small screens; the amount moves here. */}
                  <div className="mt-1 sm:hidden">
                    <span className="sr-only">Price:</span> <Amount purchase={purchase} />
                  </div>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Amount purchase={purchase} />
                </TableCell>
                <TableCell className="text-right align-top sm:align-middle">
                  <a
                    href={purchase.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-brand-600 hover:text-brand-500"
                  >
                    View Receipt{' '}
                    <span className="sr-only">
                      for {purchase.packageName}, {date} (opens in a new tab)
                    </span>
                    <ExternalLinkIcon className="size-4 shrink-0" />
                  </a>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <div className="mt-6 space-y-2 text-sm/6 text-gray-600">
        <p>{RECEIPT_HELP_TEXT}</p>
        {hasGumroadPurchase ? <p>{GUMROAD_RECEIPT_HELP_TEXT}</p> : null}
      </div>
    </div>
  );
}

function Amount({ purchase }: { purchase: PurchaseHistoryEntry }) {
  if (!purchase.refunded) return <span className="tabular-nums">{purchase.amount}</span>;
  // Strikethrough is not announced, so say what it means.
  return (
    <s className="tabular-nums">
      <span className="sr-only">Refunded:</span> {purchase.amount}
    </s>
  );
}

function ExternalLinkIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" className={className}>
      <path d="M6.22 8.72a.75.75 0 0 0 1.06 1.06l5.22-5.22v1.69a.75.75 0 0 0 1.5 0v-3.5a.75.75 0 0 0-.75-.75h-3.5a.75.75 0 0 0 0 1.5h1.69L6.22 8.72Z" />
      <path d="M3.5 6.75c0-.69.56-1.25 1.25-1.25H7A.75.75 0 0 0 7 4H4.75A2.75 2.75 0 0 0 2 6.75v4.5A2.75 2.75 0 0 0 4.75 14h4.5A2.75 2.75 0 0 0 12 11.25V9a.75.75 0 0 0-1.5 0v2.25c0 .69-.56 1.25-1.25 1.25h-4.5c-.69 0-1.25-.56-1.25-1.25v-4.5Z" />
    </svg>
  );
}
