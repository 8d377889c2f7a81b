import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  adminCustomerLicenseDeactivated,
  adminCustomerRefunded,
  adminCustomerRefundRequested,
  adminCustomerWhoIsAdmin,
  adminCustomerWithCreditedPurchase,
  adminCustomerWithoutPurchases,
  adminCustomerWithPurchases,
} from '../../fixtures/admin';
import { operatorSharedData } from '../../fixtures/shared-page-data';
import { withLayout } from '../../stories-support/with-layout';
import { AdminCustomerPage } from './admin-customer-page';

const meta = {
  title: 'Pages/BackOffice/Customer',
  component: AdminCustomerPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: operatorSharedData },
  args: {
    ...adminCustomerWithPurchases,
    onImpersonate: fn(),
    onRefund: fn(),
    onDeactivateLicense: fn(),
    onReactivateLicense: fn(),
    onMoveLicense: fn(),
    onResendLicense: fn(),
    onRemoveMember: fn(),
  },
} satisfies Meta<typeof AdminCustomerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('region', { name }));

export const WithPurchases = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'jordan.lee@example.com',
    );
    const purchases = section(canvasElement, 'Purchases');
    await expect(purchases.getAllByRole('row')).toHaveLength(4);
    await expect(purchases.getByText('Refund at the former marketplace')).toBeVisible();
    const licenses = section(canvasElement, 'Licences');
    await userEvent.click(licenses.getByRole('button', { name: /Deactivate licence H2DW-PX8N/ }));
    await expect(args.onDeactivateLicense).toHaveBeenCalledWith(711);
    await userEvent.click(licenses.getByRole('button', { name: /Resend e-mail licence T7QK/ }));
    await expect(args.onResendLicense).toHaveBeenCalledWith(902);
    const teams = section(canvasElement, 'Teams');
    await expect(teams.getByText('Last owner')).toBeVisible();
    await expect(section(canvasElement, 'Account activity').getByText('2 sessions')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Impersonate' }));
    await expect(args.onImpersonate).toHaveBeenCalledWith({ password: '' });
  },
} satisfies Story;

export const WithoutPurchases = {
  args: adminCustomerWithoutPurchases,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No purchases on this account.')).toBeVisible();
    await expect(canvas.getByText('No licences.')).toBeVisible();
    await expect(canvas.getByText('Not a member of any team.')).toBeVisible();
    // Signed in long ago: the password is asked for first.
    await userEvent.type(canvas.getByLabelText('Your password'), 'operator-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Impersonate' }));
    await expect(args.onImpersonate).toHaveBeenCalledWith({ password: 'operator-password' });
  },
} satisfies Story;

export const ImpersonateWithAPasskey = {
  args: {
    ...adminCustomerWithoutPurchases,
    impersonation: { allowed: true, needsPassword: true, passkey: true },
    onImpersonateWithPasskey: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // The operator holds a passkey: it may stand in for the code (decision 052).
    await userEvent.type(canvas.getByLabelText('Your password'), 'operator-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Impersonate with a passkey' }));
    await expect(args.onImpersonateWithPasskey).toHaveBeenCalledWith({
      password: 'operator-password',
    });
    await expect(args.onImpersonate).not.toHaveBeenCalled();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const RefundDialog = {
  play: async ({ args, canvasElement }) => {
    const purchases = section(canvasElement, 'Purchases');
    await userEvent.click(purchases.getByRole('button', { name: /Refund… purchase #4182/ }));
    const dialog = within(
      within(document.body).getByRole('dialog', { name: 'Refund All-access?' }),
    );
    await expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Request refund' }));
    await expect(args.onRefund).toHaveBeenCalledWith(
      4182,
      {
        reason: 'Requested by the customer',
        confirm_outside_window: false,
        confirm_credited: false,
      },
      expect.any(Function),
    );
  },
} satisfies Story;

export const RefundOutsideWindow = {
  args: {
    defaultDialog: { kind: 'refund', purchaseId: 3954 },
    errors: {
      confirm_outside_window:
        'This purchase is 106 days old, past the 30-day refund window. Confirm to refund it anyway.',
    },
  },
  play: async ({ args, canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole('dialog'));
    await expect(
      dialog.getByText('This purchase is 106 days old, past the 30-day refund window.'),
    ).toBeVisible();
    const confirm = dialog.getByRole('checkbox', { name: /past the 30-day window/ });
    await expect(confirm).toBeInvalid();
    await userEvent.click(confirm);
    await userEvent.click(dialog.getByRole('button', { name: 'Request refund' }));
    await expect(args.onRefund).toHaveBeenCalledWith(
      3954,
      {
        reason: 'Requested by the customer',
        confirm_outside_window: true,
        confirm_credited: false,
      },
      expect.any(Function),
    );
  },
} satisfies Story;

/** Marketing was credited toward a standing all-access upgrade: the override, with the amount. */
export const RefundCreditedTowardUpgrade = {
  args: {
    ...adminCustomerWithCreditedPurchase,
    defaultDialog: { kind: 'refund', purchaseId: 4101 },
    errors: {
      confirm_credited:
        'This purchase was credited $149 toward All-access (bought 2025-06-02), which is still active.',
    },
  },
  play: async ({ args, canvasElement }) => {
    const purchases = section(canvasElement, 'Purchases');
    await expect(purchases.getByText('Test')).toBeVisible();
    await expect(section(canvasElement, 'Licences').getByText('Test')).toBeVisible();
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole('dialog'));
    // The warning with the amount, and the server's refusal under the checkbox.
    const [warning, refusal] = dialog.getAllByText(/\$149 toward All-access/);
    await expect(warning).toHaveTextContent('deactivates the All-access licence too');
    await expect(refusal).toHaveTextContent('which is still active');
    const confirm = dialog.getByRole('checkbox', {
      name: 'Refund it and deactivate the All-access upgrade',
    });
    await expect(confirm).toBeInvalid();
    await userEvent.click(dialog.getByRole('button', { name: 'Request refund' }));
    await expect(args.onRefund).toHaveBeenLastCalledWith(
      4101,
      {
        reason: 'Requested by the customer',
        confirm_outside_window: false,
        confirm_credited: false,
      },
      expect.any(Function),
    );
    await userEvent.click(confirm);
    await userEvent.click(dialog.getByRole('button', { name: 'Request refund' }));
    await expect(args.onRefund).toHaveBeenLastCalledWith(
      4101,
      {
        reason: 'Requested by the customer',
        confirm_outside_window: false,
        confirm_credited: true,
      },
      expect.any(Function),
    );
  },
} satisfies Story;

export const RefundRequested = {
  args: adminCustomerRefundRequested,
  play: async ({ canvasElement }) => {
    const purchases = section(canvasElement, 'Purchases');
    await expect(purchases.getByText('Refund requested')).toBeVisible();
    await expect(
      purchases.queryByRole('button', { name: /Refund… purchase #4182/ }),
    ).not.toBeInTheDocument();
  },
} satisfies Story;

export const Refunded = {
  args: adminCustomerRefunded,
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement, 'Purchases').getByText('Refunded')).toBeVisible();
    await expect(section(canvasElement, 'Licences').getByText('Inactive · Refunded')).toBeVisible();
    await expect(
      section(canvasElement, 'Licences').queryByRole('button', { name: /Reactivate/ }),
    ).not.toBeInTheDocument();
  },
} satisfies Story;

export const LicenseDeactivated = {
  args: adminCustomerLicenseDeactivated,
  play: async ({ args, canvasElement }) => {
    const licenses = section(canvasElement, 'Licences');
    await expect(licenses.getByText('Inactive · Deactivated by an operator')).toBeVisible();
    await userEvent.click(licenses.getByRole('button', { name: /Reactivate licence H2DW/ }));
    await expect(args.onReactivateLicense).toHaveBeenCalledWith(711);
    await expect(licenses.getByText('Team Northwind Evening Class')).toBeVisible();
  },
} satisfies Story;

export const MoveLicense = {
  args: {
    defaultDialog: { kind: 'move', licenseId: 711 },
    errors: { email: 'The licence already belongs to that address.' },
  },
  play: async ({ args, canvasElement }) => {
    const dialog = within(
      within(canvasElement.ownerDocument.body).getByRole('dialog', {
        name: 'Move the Ecommerce licence',
      }),
    );
    await userEvent.type(dialog.getByLabelText('New owner’s e-mail address'), 'ada@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Move licence' }));
    await expect(args.onMoveLicense).toHaveBeenCalledWith(
      711,
      'ada@example.com',
      expect.any(Function),
    );
  },
} satisfies Story;

export const RemoveMember = {
  play: async ({ args, canvasElement }) => {
    const teams = section(canvasElement, 'Teams');
    await userEvent.click(teams.getByRole('button', { name: 'Remove ada.student@example.edu' }));
    const dialog = within(
      within(canvasElement.ownerDocument.body).getByRole('dialog', {
        name: 'Remove ada.student@example.edu from Northwind Evening Class?',
      }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Remove from team' }));
    await expect(args.onRemoveMember).toHaveBeenCalledWith(12, 302, expect.any(Function));
  },
} satisfies Story;

export const AnAdministrator = {
  args: adminCustomerWhoIsAdmin,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('An administrator cannot be impersonated.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Impersonate' })).not.toBeInTheDocument();
  },
} satisfies Story;
