import {
  Badge,
  Button,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from '@tessera/ui';
import { useId, useState } from 'react';
import { formatDate } from '../../prose/formatted-date';
import type { PageErrors } from '../../shared/shared-page-data';
import { BackOfficeLayout, EmptyNote } from '../back-office-layout';
import { PaginationNav } from '../pagination-nav';
import type { AdminCustomersPageProps as ServerProps } from '../types';

export const adminCustomersPageTitle = 'Customers';

export type AdminCustomersPageProps = ServerProps & {
  errors?: PageErrors;
  /** The container visits `GET /admin?email=…`. */
  onSearch: (email: string) => void;
  searching?: boolean;
  locale?: string;
};

/** The back office's front door: find a customer by the start of their e-mail address. */
export function AdminCustomersPage({
  query,
  results,
  pagination,
  errors = {},
  onSearch,
  searching = false,
  locale,
}: AdminCustomersPageProps) {
  const [email, setEmail] = useState(query);
  const resultsId = useId();
  const hrefFor = (page: number) => `/admin?email=${encodeURIComponent(query)}&page=${page}`;
  return (
    <BackOfficeLayout
      section="customers"
      title="Customers"
      description="Find a customer by the start of their e-mail address, then open their record."
    >
      <form
        role="search"
        className="flex max-w-xl items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(email);
        }}
      >
        <TextField
          label="E-mail address starts with"
          name="email"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          className="flex-1"
        />
        <Button type="submit" loading={searching}>
          Search
        </Button>
      </form>

      <div className="mt-10">
        {results === null ? (
          <EmptyNote>Type the first letters of an address: “jordan”, “jordan.lee@exa”.</EmptyNote>
        ) : results.length === 0 ? (
          <EmptyNote>
            No customer’s address starts with <strong className="text-gray-900">{query}</strong>.
          </EmptyNote>
        ) : (
          <>
            <h2 id={resultsId} className="sr-only">
              Customers whose address starts with {query}
            </h2>
            <Table aria-labelledby={resultsId}>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">E-mail address</TableHead>
                  <TableHead scope="col">Customer since</TableHead>
                  <TableHead scope="col" className="text-right">
                    Purchases
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {results.map((customer) => (
                  <TableRow key={customer.id}>
                    <TableCell>
                      <div className="flex items-center gap-2">
                        <Link
                          href={customer.url}
                          className="font-medium text-brand-600 hover:text-brand-500"
                        >
                          {customer.email}
                        </Link>
                        {customer.isAdmin ? <Badge variant="neutral">Admin</Badge> : null}
                      </div>
                    </TableCell>
                    <TableCell>
                      <time dateTime={customer.createdAt}>
                        {formatDate(customer.createdAt, { locale, dateStyle: 'medium' })}
                      </time>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {customer.purchaseCount}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {pagination ? (
              <PaginationNav pagination={pagination} hrefFor={hrefFor} noun="customers" />
            ) : null}
          </>
        )}
      </div>
    </BackOfficeLayout>
  );
}
