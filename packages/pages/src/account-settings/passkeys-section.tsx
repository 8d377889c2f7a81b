import { Alert, Button, PasswordField, TextField } from '@tessera/ui';
import { PASSKEY_NAME_MAX, PASSKEYS_NEED_JAVASCRIPT } from '../constants';
import { Form } from '../forms/form';
import type { FormState } from '../forms/form-state';
import { FormattedDate } from '../prose/formatted-date';

export const PASSKEYS_DESCRIPTION =
  'A passkey is a second factor kept by your device (its fingerprint or face unlock, its PIN, or a security key). After your password, your device signs you in: no code to type. Recovery codes come with an authenticator app only, so keep more than one passkey or set up the app too.';
export const PASSKEYS_UNSUPPORTED = 'This browser cannot make or use passkeys.';

/** One of the viewer's passkeys as their list shows it: never its key. */
export type PasskeyRecord = {
  id: number;
  name: string;
  /** ISO date-times. */
  createdAt: string;
  /** Null: never used to sign in. */
  lastUsedAt: string | null;
};

/** POST /account-settings/passkeys (the authenticator's answer is added by the script). */
export type AddPasskeyFormValues = { name: string };
/** PUT /account-settings/passkeys/{id} */
export type RenamePasskeyFormValues = { name: string };
/** DELETE /account-settings/passkeys/{id}: the password, or a current code. */
export type RemovePasskeyFormValues = { password: string; code: string };

/** The passkey whose rename or removal form is open. */
export type SelectedPasskey = { id: number; action: 'rename' | 'remove' };

export type PasskeysSectionProps = {
  passkeys: PasskeyRecord[];
  locale?: string;
  /** Whether this browser can make and use passkeys: null until the page's script has run. */
  supported: boolean | null;
  /** Its submit runs the browser's passkey dialog, then posts the answer with the name. */
  addForm: FormState<AddPasskeyFormValues>;
  selected: SelectedPasskey | null;
  onSelect: (selected: SelectedPasskey | null) => void;
  renameForm: FormState<RenamePasskeyFormValues>;
  removeForm: FormState<RemovePasskeyFormValues>;
  /** False while an operator acts as the customer: passkeys are the customer's own. */
  canManage?: boolean;
};

/** The "Passkeys" section of Account settings (decision 052). */
export function PasskeysSection({
  passkeys,
  locale,
  supported,
  addForm,
  selected,
  onSelect,
  renameForm,
  removeForm,
  canManage = true,
}: PasskeysSectionProps) {
  const date = (value: string) => (
    <FormattedDate value={value} locale={locale} dateStyle="medium" />
  );
  return (
    <div data-slot="passkeys" className="max-w-xl space-y-6">
      {passkeys.length === 0 ? (
        <p className="text-sm/6 text-gray-700">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-gray-900/10">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="space-y-3 py-4">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <div>
                  <p className="text-sm/6 font-semibold text-gray-900">{passkey.name}</p>
                  <p className="text-sm/6 text-gray-600">
                    Added {date(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? <>Last used {date(passkey.lastUsedAt)}</> : 'Never used'}
                  </p>
                </div>
                {canManage ? (
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Rename ${passkey.name}`}
                      onClick={() => onSelect({ id: passkey.id, action: 'rename' })}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove ${passkey.name}`}
                      onClick={() => onSelect({ id: passkey.id, action: 'remove' })}
                    >
                      Remove
                    </Button>
                  </div>
                ) : null}
              </div>
              {canManage && selected?.id === passkey.id && selected.action === 'rename' ? (
                <Form form={renameForm} className="space-y-4" aria-label={`Rename ${passkey.name}`}>
                  <TextField
                    label="New name"
                    name="name"
                    required
                    maxLength={PASSKEY_NAME_MAX}
                    autoComplete="off"
                    value={renameForm.values.name}
                    onChange={(event) => renameForm.onChange('name', event.target.value)}
                    error={renameForm.errors.name}
                  />
                  <div className="flex gap-2">
                    <Button type="submit" loading={renameForm.processing}>
                      Save name
                    </Button>
                    <Button variant="secondary" onClick={() => onSelect(null)}>
                      Cancel
                    </Button>
                  </div>
                </Form>
              ) : null}
              {canManage && selected?.id === passkey.id && selected.action === 'remove' ? (
                <Form form={removeForm} className="space-y-4" aria-label={`Remove ${passkey.name}`}>
                  <p className="text-sm/6 text-gray-700">
                    Enter your password, or a code from your authenticator app, to remove this
                    passkey.
                  </p>
                  <PasswordField
                    label="Password"
                    name="password"
                    autoComplete="current-password"
                    value={removeForm.values.password}
                    onChange={(event) => removeForm.onChange('password', event.target.value)}
                    error={removeForm.errors.password}
                  />
                  <TextField
                    label="Or authentication code"
                    name="code"
                    autoComplete="one-time-code"
                    spellCheck={false}
                    maxLength={64}
                    value={removeForm.values.code}
                    onChange={(event) => removeForm.onChange('code', event.target.value)}
                    error={removeForm.errors.code}
                  />
                  <div className="flex gap-2">
                    <Button type="submit" variant="danger" loading={removeForm.processing}>
                      Remove passkey
                    </Button>
                    <Button variant="secondary" onClick={() => onSelect(null)}>
                      Cancel
                    </Button>
                  </div>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <Form form={addForm} className="space-y-4" aria-label="Add a passkey">
          {addForm.errors.passkey ? (
            <Alert variant="error" role="alert">
              {addForm.errors.passkey}
            </Alert>
          ) : null}
          <noscript>
            <p className="text-sm/6 text-gray-700">{PASSKEYS_NEED_JAVASCRIPT}</p>
          </noscript>
          {supported === false ? (
            <p className="text-sm/6 text-gray-700">{PASSKEYS_UNSUPPORTED}</p>
          ) : null}
          <TextField
            label="Passkey name"
            name="name"
            required
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            hint="Which device or key it is, e.g. “Work laptop”."
            value={addForm.values.name}
            onChange={(event) => addForm.onChange('name', event.target.value)}
            error={addForm.errors.name}
          />
          <Button type="submit" loading={addForm.processing} disabled={supported !== true}>
            Add a passkey
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
