import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../badge/badge';
import { Price } from '../price/price';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './table';

const purchases = [
  { id: 3, date: 'Mar 14, 2024', packageName: 'All-Access', amount: 29900, refunded: false },
  { id: 2, date: 'Nov 2, 2023', packageName: 'Application UI', amount: 14900, refunded: true },
  { id: 1, date: 'Jun 21, 2023', packageName: 'Marketing', amount: 14950, refunded: false },
];

const meta = {
  title: 'UI/Table',
  component: Table,
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PurchaseHistory = {
  render: (args) => (
    <Table {...args}>
      <TableCaption>Receipts open in a new tab.</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Date</TableHead>
          <TableHead scope="col">Package</TableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Price
          </TableHead>
          <TableHead scope="col" className="text-right">
            <span className="sr-only">Receipt</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {purchases.map((purchase) => (
          <TableRow key={purchase.id}>
            <TableCell>{purchase.date}</TableCell>
            <TableCell className="font-medium text-gray-900">
              <span className="flex items-center gap-2">
                {purchase.packageName}
                {purchase.refunded ? <Badge variant="danger">Refunded</Badge> : null}
              </span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <Price amount={purchase.amount} currency="USD" struck={purchase.refunded} />
            </TableCell>
            <TableCell className="text-right">
              <a
                href={`https://example.com/receipts/${purchase.id}`}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-600 hover:text-brand-500"
              >
                View receipt<span className="sr-only"> for {purchase.packageName}</span>
              </a>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Receipts open in a new tab.' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getByRole('columnheader', { name: 'Package' })).toBeInTheDocument();
    await expect(
      within(table).getByRole('link', { name: 'View receipt for Application UI' }),
    ).toHaveAttribute('target', '_blank');
  },
} satisfies Story;

export const WithFooter = {
  render: (args) => (
    <Table {...args} className="max-w-md">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Item</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>Subtotal</TableCell>
          <TableCell className="text-right">
            <Price amount={29900} currency="USD" />
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell>Taxes (20%)</TableCell>
          <TableCell className="text-right">
            <Price amount={5980} currency="USD" />
          </TableCell>
        </TableRow>
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell className="text-gray-900">Total price</TableCell>
          <TableCell className="text-right text-gray-900">
            <Price amount={35880} currency="USD" />
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  ),
} satisfies Story;
