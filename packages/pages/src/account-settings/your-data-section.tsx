import { Alert, Button, PasswordField } from '@tessera/ui';
import { useId } from 'react';
import { ACCOUNT_DATA_PATH } from '../constants';
import type { FormState } from '../forms/form-state';
import { Form, TOKEN_FIELD } from '../forms/form';

export const YOUR_DATA_DESCRIPTION =
  'Download everything we hold about you, or delete your account. Receipts and the records the law asks us to keep stay, without your name; a team you own passes to its longest-standing member.';
export const IMPERSONATING_DATA_NOTICE =
  'You are impersonating this customer: downloading their data and deleting their account are theirs alone.';
export const DELETION_CONSEQUENCES = [
  'You are signed out everywhere, and your password and access tokens stop working.',
  'Your own licences are switched off; keys you bought and never redeemed still work for whoever holds them.',
  'A team you own passes to its longest-standing member, or is closed if nobody else is in it.',
  'Purchases and refunds stay in our accounts, without your name or address.',
] as const;

/** POST /account-settings/delete, the password asked again (decision 060). */
export type DeleteAccountFormValues = { password: string };

export type YourDataSectionProps = {
  /** The token a plain form post carries (the download is a native post: no script needed). */
  csrfToken?: string;
  deleteForm: FormState<DeleteAccountFormValues>;
  /** False for an operator acting as the customer: neither form is shown. */
  canManage?: boolean;
};

/**
 * The "Your data" section of Account settings: the JSON download, a plain form whose answer the
 * browser saves (it stays on the page), and the deletion with what it does spelled out.
 */
export function YourDataSection({ csrfToken, deleteForm, canManage = true }: YourDataSectionProps) {
  const headingId = useId();
  if (!canManage) return <Alert variant="info">{IMPERSONATING_DATA_NOTICE}</Alert>;
  return (
    <div data-slot="your-data-section" className="max-w-xl space-y-10">
      <form method="post" action={ACCOUNT_DATA_PATH} className="space-y-3">
        {csrfToken ? <input type="hidden" name={TOKEN_FIELD} value={csrfToken} /> : null}
        <p className="text-sm/6 text-gray-600">
          Your account, purchases, licences, teams, sessions, access tokens and the records of what
          our staff did with your account, as one JSON file.
        </p>
        <Button type="submit" variant="secondary">
          Download your data
        </Button>
      </form>

      <Form form={deleteForm} className="space-y-4" aria-labelledby={headingId}>
        <h3 id={headingId} className="text-base/7 font-semibold text-gray-900">
          Delete your account
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm/6 text-gray-600">
          {DELETION_CONSEQUENCES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={deleteForm.values.password}
          onChange={(event) => deleteForm.onChange('password', event.target.value)}
          error={deleteForm.errors.password}
        />
        <Button type="submit" variant="danger" loading={deleteForm.processing}>
          Delete my account
        </Button>
      </Form>
    </div>
  );
}
