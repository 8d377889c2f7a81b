import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { visitorSharedData } from '../fixtures/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { ErrorPage, type ErrorPageProps } from './error-page';

const meta = {
  title: 'Pages/Errors/ErrorPage',
  component: ErrorPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: { status: 404 },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function expectErrorPage(canvasElement: HTMLElement, heading: string, text?: string) {
  const main = within(within(canvasElement).getByRole('main'));
  await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  await expect(main.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: /Contact support/ })).toHaveAttribute(
    'href',
    '/support',
  );
  if (text) await expect(main.getByText(text, { exact: false })).toBeVisible();
}

const notFound: ErrorPageProps = { status: 404 };

export const NotFound = {
  args: { ...notFound },
  play: ({ canvasElement }) => expectErrorPage(canvasElement, 'Page not found'),
} satisfies Story;

export const Forbidden = {
  args: { ...notFound, status: 403 },
  play: ({ canvasElement }) => expectErrorPage(canvasElement, 'Access denied'),
} satisfies Story;

export const PageExpired = {
  args: { ...notFound, status: 419 },
  play: ({ canvasElement }) =>
    expectErrorPage(canvasElement, 'Page expired', 'Please reload the page'),
} satisfies Story;

export const TooManyRequests = {
  args: { ...notFound, status: 429, retryAfterSeconds: 90 },
  play: ({ canvasElement }) => expectErrorPage(canvasElement, 'Too many requests', '2 minutes'),
} satisfies Story;

export const ServerError = {
  args: { ...notFound, status: 500, requestId: 'req-7f3a9c' },
  play: ({ canvasElement }) => expectErrorPage(canvasElement, 'Something went wrong', 'req-7f3a9c'),
} satisfies Story;

export const Maintenance = {
  args: { ...notFound, status: 503, retryAfterSeconds: 30 },
  play: ({ canvasElement }) => expectErrorPage(canvasElement, 'We’ll be right back', '30 seconds'),
} satisfies Story;

/** Any other status reads as its family, with the server's own words under it. */
export const GoneWithMessage = {
  args: {
    ...notFound,
    status: 410,
    message: 'This link has already been used.',
  },
  play: ({ canvasElement }) =>
    expectErrorPage(canvasElement, 'Something went wrong', 'This link has already been used.'),
} satisfies Story;
