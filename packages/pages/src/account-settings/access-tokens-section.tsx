import {
  ACCESS_TOKEN_EXPIRIES,
  ACCESS_TOKEN_EXPIRY_LABELS,
  ACCESS_TOKEN_LIMIT,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  type AccessTokenExpiry,
  type AccessTokenState,
} from '../constants';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  CopyButton,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from '@tessera/ui';
import { useId, useState } from 'react';
import type { FormState } from '../forms/form-state';
import { FormattedDate } from '../prose/formatted-date';
import { Form } from '../forms/form';

/** One of the viewer's tokens as their list shows it: never the secret, never its hash. */
export type AccessTokenRecord = {
  id: number;
  name: string;
  /** The secret's first characters (`tessera_pat_AbCd`), to tell tokens apart. */
  prefix: string;
  /** ISO date-times. */
  createdAt: string;
  /** Null: never expires. */
  expiresAt: string | null;
  /** Null: never used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: AccessTokenState;
};

/** POST /account/tokens */
export type NewAccessTokenFormValues = { name: string; expires_in: AccessTokenExpiry };

/** The token just made, with its secret: on the answer to its creation only (decision 014). */
export type CreatedAccessToken = { id: number; name: string; secret: string };

export type AccessTokensSectionProps = {
  tokens: AccessTokenRecord[];
  /** The container clears the name after a successful submit. */
  form: FormState<NewAccessTokenFormValues>;
  created: CreatedAccessToken | null;
  /** `DELETE /account/tokens/{id}`, after the viewer confirmed. */
  onRevoke: (token: AccessTokenRecord) => void;
  pendingTokenId?: number | null;
  /** False while an operator acts as the customer: tokens are the customer's own to make. */
  canManage?: boolean;
  locale?: string;
};

export const ACCESS_TOKENS_DESCRIPTION =
  'Tokens let the shadcn CLI and other tools download the code you own, with the same access as this account to code and nothing else: a token cannot sign in, change settings or buy. Keep them secret, like a password.';
export const NEW_TOKEN_NOTICE =
  'Copy your new token now. You will not see it again: we keep only a fingerprint of it.';
export const IMPERSONATING_TOKENS_NOTICE =
  'While you act as this customer you can see their tokens, but not create or revoke them.';

const STATE_LABELS: Record<AccessTokenState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const EXPIRY_OPTIONS = ACCESS_TOKEN_EXPIRIES.map((value) => ({
  value,
  label: ACCESS_TOKEN_EXPIRY_LABELS[value],
}));

export function AccessTokensSection({
  tokens,
  form,
  created,
  onRevoke,
  pendingTokenId = null,
  canManage = true,
  locale,
}: AccessTokensSectionProps) {
  const active = tokens.filter((token) => token.state === 'active').length;
  const atLimit = active >= ACCESS_TOKEN_LIMIT;
  return (
    <div className="space-y-8">
      {created ? <NewTokenSecret created={created} /> : null}
      {canManage ? (
        <NewTokenForm form={form} atLimit={atLimit} />
      ) : (
        <Alert variant="info">{IMPERSONATING_TOKENS_NOTICE}</Alert>
      )}
      <TokenList
        tokens={tokens}
        onRevoke={onRevoke}
        pendingTokenId={pendingTokenId}
        canManage={canManage}
        locale={locale}
      />
    </div>
  );
}

function NewTokenSecret({ created }: { created: CreatedAccessToken }) {
  const secretId = useId();
  return (
    <Alert variant="success" role="status" title={`Token “${created.name}” created`}>
      <p>{NEW_TOKEN_NOTICE}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code
          id={secretId}
          data-slot="new-access-token"
          className="min-w-0 rounded-control bg-white px-3 py-2 font-mono text-sm break-all text-gray-900 ring-1 ring-gray-900/10"
        >
          {created.secret}
        </code>
        <CopyButton text={created.secret} label="Copy token" aria-describedby={secretId} />
      </div>
    </Alert>
  );
}

function NewTokenForm({
  form,
  atLimit,
}: {
  form: FormState<NewAccessTokenFormValues>;
  atLimit: boolean;
}) {
  return (
    <Form form={form} className="max-w-xl space-y-6" aria-label="New access token">
      <TextField
        label="Token name"
        name="name"
        required
        maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
        autoComplete="off"
        hint="What it is for, e.g. “Work laptop” or “CI”."
        value={form.values.name}
        onChange={(event) => form.onChange('name', event.target.value)}
        error={form.errors.name}
        disabled={atLimit}
      />
      <Select
        label="Expires"
        name="expires_in"
        options={EXPIRY_OPTIONS}
        value={form.values.expires_in}
        onChange={(value) => form.onChange('expires_in', value as AccessTokenExpiry)}
        error={form.errors.expires_in}
        disabled={atLimit}
      />
      {atLimit ? (
        <Alert variant="warning">
          You have {ACCESS_TOKEN_LIMIT} active tokens, the most an account may hold. Revoke one you
          no longer use to create another.
        </Alert>
      ) : null}
      <Button type="submit" loading={form.processing} disabled={atLimit}>
        Create token
      </Button>
    </Form>
  );
}

function TokenList({
  tokens,
  onRevoke,
  pendingTokenId,
  canManage,
  locale,
}: {
  tokens: AccessTokenRecord[];
  onRevoke: (token: AccessTokenRecord) => void;
  pendingTokenId: number | null;
  canManage: boolean;
  locale?: string;
}) {
  const [revoking, setRevoking] = useState<AccessTokenRecord | null>(null);
  const captionId = useId();
  if (tokens.length === 0) {
    return <p className="text-sm/6 text-gray-600">You have no access tokens yet.</p>;
  }
  const date = (value: string) => (
    <FormattedDate value={value} locale={locale} dateStyle="medium" />
  );
  return (
    <>
      <h3 id={captionId} className="sr-only">
        Your access tokens
      </h3>
      <Table aria-labelledby={captionId}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Name</TableHead>
            <TableHead scope="col">Token</TableHead>
            <TableHead scope="col">Created</TableHead>
            <TableHead scope="col">Expires</TableHead>
            <TableHead scope="col">Last used</TableHead>
            <TableHead scope="col">State</TableHead>
            {canManage ? (
              <TableHead scope="col" className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {tokens.map((token) => {
            const pending = pendingTokenId === token.id;
            return (
              <TableRow key={token.id} aria-busy={pending || undefined}>
                <TableCell className="font-medium wrap-break-word whitespace-normal text-gray-900">
                  {token.name}
                </TableCell>
                <TableCell>
                  <code className="font-mono text-xs text-gray-700">{token.prefix}…</code>
                </TableCell>
                <TableCell>{date(token.createdAt)}</TableCell>
                <TableCell>{token.expiresAt ? date(token.expiresAt) : 'Never'}</TableCell>
                <TableCell>{token.lastUsedAt ? date(token.lastUsedAt) : 'Never used'}</TableCell>
                <TableCell>
                  <Badge
                    variant={
                      token.state === 'active'
                        ? 'new'
                        : token.state === 'revoked'
                          ? 'danger'
                          : 'neutral'
                    }
                  >
                    {STATE_LABELS[token.state]}
                  </Badge>
                </TableCell>
                {canManage ? (
                  <TableCell className="text-right">
                    {token.state !== 'revoked' ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={pending}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                        aria-label={`Revoke: ${token.name}`}
                        onClick={() => setRevoking(token)}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Anything using this token loses access at once, and it cannot be turned back on. Create a new token if you need one."
        confirmLabel="Revoke token"
        onConfirm={() => {
          if (revoking) onRevoke(revoking);
          setRevoking(null);
        }}
      />
    </>
  );
}
