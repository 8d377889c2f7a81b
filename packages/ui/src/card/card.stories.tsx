import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { Price } from '../price/price';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: { className: 'max-w-md' },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle asChild>
          <h2>Email address</h2>
        </CardTitle>
        <CardDescription>Receipts and licence keys are sent to this address.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-gray-700">ada@example.com</p>
      </CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Email address' }),
    ).toBeInTheDocument();
  },
} satisfies Story;

export const WithFooter = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Log out other sessions</CardTitle>
        <CardDescription>
          Signed in on another computer? Log out everywhere else with your password.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-end border-t border-gray-900/10 pt-6">
        <Button variant="secondary">Log out other sessions</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Story;

export const PricingCard = {
  args: { className: 'max-w-sm' },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle asChild>
            <h2>Personal</h2>
          </CardTitle>
          <Badge variant="personal">Lifetime access</Badge>
        </div>
        <CardDescription>Every component and template, for one developer.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-1">
        <p className="flex items-baseline gap-x-3">
          <Price amount={29900} currency="USD" className="text-4xl font-semibold tracking-tight" />
          <Price amount={34900} currency="USD" struck className="text-lg text-gray-500" />
        </p>
        <p className="text-sm text-gray-600">plus local taxes · one-time payment</p>
      </CardContent>
      <CardFooter>
        <Button className="w-full">Get all-access</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Story;
