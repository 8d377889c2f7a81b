import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@tessera/ui';
import { BackOfficeLayout, EmptyNote } from '../back-office-layout';

export const pageViewsReportPageTitle = 'Page views';

export type PageViewsRow = { path: string; views: number };

export type PageViewsReportPageProps = {
  /** The period the report covers, counted back from today. */
  days: number;
  rows: PageViewsRow[];
  locale?: string;
};

/** What the server sends the PageViewsReport page; shared page data comes on top. */
export type PageViewsReportPageData = Pick<PageViewsReportPageProps, 'days' | 'rows'>;

/** For the store's operators: views per page, from our own first-party counter. */
export function PageViewsReportPage({ days, rows, locale = 'en-US' }: PageViewsReportPageProps) {
  const total = rows.reduce((sum, row) => sum + row.views, 0);
  const number = new Intl.NumberFormat(locale);
  return (
    <BackOfficeLayout
      section="page-views"
      title="Page views"
      description={`The last ${days} days: ${number.format(total)} views. Paths only, no visitor data.`}
    >
      {rows.length === 0 ? (
        <EmptyNote>No page views yet.</EmptyNote>
      ) : (
        <Table className="max-w-4xl">
          <TableHeader>
            <TableRow>
              <TableHead>Page</TableHead>
              <TableHead className="text-right">Views</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.path}>
                <TableCell className="font-mono text-sm text-gray-900">{row.path}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {number.format(row.views)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </BackOfficeLayout>
  );
}
