import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ConfirmDialog,
  Dialog,
  DialogActions,
  Link,
  PasswordField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from '@tessera/ui';
import { useId, useState } from 'react';
import type * as React from 'react';
import {
  DEFAULT_REFUND_REASON,
  IMPERSONATION_REAUTH_MINUTES,
  SIGN_IN_HISTORY_DAYS,
  type DeactivationReason,
} from '../../constants';
import { LICENSE_KIND_LABELS } from '../../licenses/redemption';
import { formatDate } from '../../prose/formatted-date';
import type { PageErrors } from '../../shared/shared-page-data';
import { AuditEntries } from '../audit-entries';
import { BackOfficeLayout, BackOfficeSectionBlock, EmptyNote } from '../back-office-layout';
import { formatDateTime } from '../format';
import type {
  AdminCustomerPageProps as ServerProps,
  AdminLicenseRecord,
  AdminPurchaseRecord,
  AdminTeamMemberRecord,
  AdminTeamRecord,
  ImpersonationOption,
} from '../types';

export const adminCustomerPageTitle = (email: string) => `${email} · Customer`;

/** POST /admin/purchases/{id}/refund */
export type RefundFormValues = {
  reason: string;
  confirm_outside_window: boolean;
  /** Refund a purchase credited toward a standing upgrade, which loses its licence. */
  confirm_credited: boolean;
};

export type AdminCustomerPageProps = ServerProps & {
  errors?: PageErrors;
  locale?: string;
  /** A request of this page is on its way: its buttons wait. */
  processing?: boolean;
  /**
   * POST /admin/users/{id}/impersonate (the password and a second-factor code only when asked
   * for; an empty code is left out).
   */
  onImpersonate: (values: { password: string; code?: string }) => void;
  /**
   * The same POST with the operator's passkey instead of a code (decision 052): given by the
   * page's script, which runs the browser's passkey dialog first.
   */
  onImpersonateWithPasskey?: (values: { password: string }) => void;
  /** `done` closes the dialog once the server has taken the request. */
  onRefund: (purchaseId: number, values: RefundFormValues, done: () => void) => void;
  onDeactivateLicense: (licenseId: number) => void;
  onReactivateLicense: (licenseId: number) => void;
  onMoveLicense: (licenseId: number, email: string, done: () => void) => void;
  onResendLicense: (licenseId: number) => void;
  onRemoveMember: (teamId: number, memberId: number, done: () => void) => void;
  /** Opens a dialog at first render (stories, and a failed submission coming back). */
  defaultDialog?: Dialogs;
};

type Dialogs =
  | { kind: 'refund'; purchaseId: number }
  | { kind: 'move'; licenseId: number }
  | { kind: 'remove'; teamId: number; memberId: number }
  | null;

export const DEACTIVATION_LABELS: Record<DeactivationReason, string> = {
  upgrade: 'Used for an upgrade',
  refund: 'Refunded',
  other: 'Deactivated by an operator',
};

/** One customer, everything support needs: purchases, licences, teams, activity, history. */
export function AdminCustomerPage(props: AdminCustomerPageProps) {
  const { customer, locale, errors = {}, defaultDialog = null } = props;
  const [dialog, setDialog] = useState<Dialogs>(defaultDialog);
  const close = () => setDialog(null);
  const purchase =
    dialog?.kind === 'refund' ? props.purchases.find((p) => p.id === dialog.purchaseId) : undefined;
  const license =
    dialog?.kind === 'move' ? props.licenses.find((l) => l.id === dialog.licenseId) : undefined;
  const team =
    dialog?.kind === 'remove' ? props.teams.find((t) => t.id === dialog.teamId) : undefined;
  const member =
    dialog?.kind === 'remove' ? team?.members.find((m) => m.id === dialog.memberId) : undefined;

  return (
    <BackOfficeLayout
      section="customers"
      title={customer.email}
      description={
        <span className="flex flex-wrap items-center gap-2">
          Customer since {formatDate(customer.createdAt, { locale, dateStyle: 'long' })}
          {customer.isAdmin ? <Badge variant="neutral">Admin</Badge> : null}
        </span>
      }
      actions={
        <ImpersonateForm
          option={props.impersonation}
          error={errors.password}
          codeError={errors.code}
          processing={props.processing}
          onImpersonate={props.onImpersonate}
          {...(props.onImpersonateWithPasskey
            ? { onImpersonateWithPasskey: props.onImpersonateWithPasskey }
            : {})}
        />
      }
    >
      <BackOfficeSectionBlock title="Purchases">
        {props.purchases.length === 0 ? (
          <EmptyNote>No purchases on this account.</EmptyNote>
        ) : (
          <PurchasesTable
            purchases={props.purchases}
            locale={locale}
            onRefund={(id) => setDialog({ kind: 'refund', purchaseId: id })}
          />
        )}
      </BackOfficeSectionBlock>

      <BackOfficeSectionBlock
        title="Licences"
        description="Connected to this account, or bought with its address and waiting to be redeemed."
      >
        {props.licenses.length === 0 ? (
          <EmptyNote>No licences.</EmptyNote>
        ) : (
          <LicensesTable
            licenses={props.licenses}
            processing={props.processing}
            onDeactivate={props.onDeactivateLicense}
            onReactivate={props.onReactivateLicense}
            onResend={props.onResendLicense}
            onMove={(id) => setDialog({ kind: 'move', licenseId: id })}
          />
        )}
      </BackOfficeSectionBlock>

      <BackOfficeSectionBlock title="Teams">
        {props.teams.length === 0 ? (
          <EmptyNote>Not a member of any team.</EmptyNote>
        ) : (
          <div className="space-y-8">
            {props.teams.map((item) => (
              <TeamBlock
                key={item.id}
                team={item}
                onRemove={(memberId) => setDialog({ kind: 'remove', teamId: item.id, memberId })}
              />
            ))}
          </div>
        )}
      </BackOfficeSectionBlock>

      <BackOfficeSectionBlock title="Account activity">
        <AccountActivity {...props} />
      </BackOfficeSectionBlock>

      <BackOfficeSectionBlock
        title="Support history"
        description="What operators did for this customer, newest first."
      >
        {props.audit.length === 0 ? (
          <EmptyNote>Nothing yet.</EmptyNote>
        ) : (
          <AuditEntries entries={props.audit} locale={locale} showCustomer={false} />
        )}
      </BackOfficeSectionBlock>

      {purchase ? (
        <RefundDialog
          purchase={purchase}
          refundWindowDays={props.refundWindowDays}
          errors={errors}
          locale={locale}
          processing={props.processing}
          onClose={close}
          onSubmit={(values) => props.onRefund(purchase.id, values, close)}
        />
      ) : null}
      {license ? (
        <MoveLicenseDialog
          license={license}
          error={errors.email}
          processing={props.processing}
          onClose={close}
          onSubmit={(email) => props.onMoveLicense(license.id, email, close)}
        />
      ) : null}
      {team && member ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : close())}
          title={`Remove ${member.email} from ${team.name}?`}
          description="They lose the team’s licence at once and can join again only with a new invitation."
          confirmLabel="Remove from team"
          processing={props.processing}
          onConfirm={() => props.onRemoveMember(team.id, member.id, close)}
        />
      ) : null}
    </BackOfficeLayout>
  );
}

function ImpersonateForm({
  option,
  error,
  codeError,
  processing,
  onImpersonate,
  onImpersonateWithPasskey,
}: {
  option: ImpersonationOption;
  error?: string;
  codeError?: string;
  processing?: boolean;
  onImpersonate: (values: { password: string; code?: string }) => void;
  /** The password, then the operator's passkey instead of a code (given with a script). */
  onImpersonateWithPasskey?: (values: { password: string }) => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  if (!option.allowed) return <p className="max-w-xs text-sm/6 text-gray-600">{option.reason}</p>;
  return (
    <form
      aria-label="Impersonate"
      className="flex max-w-xs flex-col items-stretch gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onImpersonate(code ? { password, code } : { password });
      }}
    >
      {option.needsPassword ? (
        <PasswordField
          label="Your password"
          name="password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          hint={`You last entered it more than ${IMPERSONATION_REAUTH_MINUTES} minutes ago.`}
        />
      ) : null}
      {option.needsPassword ? (
        // Impersonation asks for the second factor too (decision 045), not the password alone.
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={codeError}
        />
      ) : error ? (
        <p className="text-sm text-red-600">{error}</p>
      ) : null}
      <Button type="submit" variant="dark" loading={processing}>
        Impersonate
      </Button>
      {option.needsPassword && option.passkey && onImpersonateWithPasskey ? (
        <Button
          type="button"
          variant="secondary"
          disabled={processing}
          onClick={() => onImpersonateWithPasskey({ password })}
        >
          Impersonate with a passkey
        </Button>
      ) : null}
    </form>
  );
}

/** Bought, or issued, with test payments: it took no money. */
function TestBadge() {
  return <Badge variant="restricted">Test</Badge>;
}

function PurchaseState({ purchase, locale }: { purchase: AdminPurchaseRecord; locale?: string }) {
  if (purchase.testMode)
    return (
      <span className="flex flex-wrap items-start gap-1">
        <TestBadge />
        <PurchaseState purchase={{ ...purchase, testMode: false }} locale={locale} />
      </span>
    );
  if (purchase.state === 'refunded') return <Badge variant="danger">Refunded</Badge>;
  if (purchase.state === 'refund-requested')
    return (
      <span className="flex flex-col items-start gap-1">
        <Badge variant="restricted">Refund requested</Badge>
        {purchase.refundRequestedAt ? (
          <span className="text-xs text-gray-500">
            {formatDateTime(purchase.refundRequestedAt, locale)}
          </span>
        ) : null}
      </span>
    );
  return <Badge variant="new">Paid</Badge>;
}

function PurchasesTable({
  purchases,
  locale,
  onRefund,
}: {
  purchases: AdminPurchaseRecord[];
  locale?: string;
  onRefund: (purchaseId: number) => void;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Date</TableHead>
          <TableHead scope="col">Package</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col">Receipt</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {purchases.map((purchase) => (
          <TableRow key={purchase.id}>
            <TableCell className="align-top">
              <time dateTime={purchase.date}>
                {formatDate(purchase.date, { locale, dateStyle: 'medium' })}
              </time>
              <span className="block text-xs text-gray-500">
                {purchase.ageDays === 1 ? '1 day ago' : `${purchase.ageDays} days ago`}
              </span>
            </TableCell>
            <TableCell className="align-top">
              <span className="font-medium text-gray-900">{purchase.packageName}</span>
              <span className="block text-xs text-gray-500">
                #{purchase.id} · {purchase.source}
              </span>
            </TableCell>
            <TableCell className="text-right align-top tabular-nums">
              {purchase.state === 'refunded' ? (
                <>
                  <span className="sr-only">Refunded: </span>
                  <s>{purchase.amount}</s>
                </>
              ) : (
                purchase.amount
              )}
            </TableCell>
            <TableCell className="align-top">
              <PurchaseState purchase={purchase} locale={locale} />
            </TableCell>
            <TableCell className="align-top">
              <a
                href={purchase.receiptUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-600 hover:text-brand-500"
              >
                View receipt<span className="sr-only"> #{purchase.id} (opens in a new tab)</span>
              </a>
            </TableCell>
            <TableCell className="text-right align-top">
              {purchase.state !== 'paid' ? null : purchase.refundable ? (
                <Button size="sm" variant="secondary" onClick={() => onRefund(purchase.id)}>
                  Refund…<span className="sr-only"> purchase #{purchase.id}</span>
                </Button>
              ) : (
                <span className="text-xs text-gray-500">Refund at the former marketplace</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RefundDialog({
  purchase,
  refundWindowDays,
  errors,
  locale,
  processing,
  onClose,
  onSubmit,
}: {
  purchase: AdminPurchaseRecord;
  refundWindowDays: number;
  errors: PageErrors;
  locale?: string;
  processing?: boolean;
  onClose: () => void;
  onSubmit: (values: RefundFormValues) => void;
}) {
  const [values, setValues] = useState<RefundFormValues>({
    reason: DEFAULT_REFUND_REASON,
    confirm_outside_window: false,
    confirm_credited: false,
  });
  const credited = purchase.creditedToward;
  const upgrades = credited.map((upgrade) => upgrade.productName).join(' and ');
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Refund ${purchase.packageName}?`}
      description={`${purchase.amount} paid on ${formatDate(purchase.date, { locale, dateStyle: 'long' })}. The payment provider refunds it in full; the purchase shows “Refunded” once the provider confirms, and its licence is deactivated then.`}
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(values);
        }}
      >
        <TextField
          label="Reason (sent to the payment provider)"
          name="reason"
          maxLength={255}
          value={values.reason}
          onChange={(event) => setValues({ ...values, reason: event.target.value })}
          error={errors.reason}
        />
        {purchase.withinRefundWindow ? null : (
          <div className="space-y-3">
            <Alert variant="warning">
              This purchase is {purchase.ageDays} days old, past the {refundWindowDays}-day refund
              window.
            </Alert>
            <Checkbox
              name="confirm_outside_window"
              label={`Refund it although it is past the ${refundWindowDays}-day window`}
              checked={values.confirm_outside_window}
              onChange={(event) =>
                setValues({ ...values, confirm_outside_window: event.target.checked })
              }
              aria-invalid={errors.confirm_outside_window ? true : undefined}
              description={
                errors.confirm_outside_window ? (
                  <span className="text-red-600">{errors.confirm_outside_window}</span>
                ) : undefined
              }
            />
          </div>
        )}
        {credited.length === 0 ? null : (
          <div className="space-y-3">
            <Alert variant="warning">
              {credited
                .map((upgrade) => `${upgrade.credit} toward ${upgrade.productName}`)
                .join(' and ')}
              : this purchase was credited toward an upgrade that is still active. Refunding it
              deactivates the {upgrades} licence too, or the upgrade would stay for less than its
              price.
            </Alert>
            <Checkbox
              name="confirm_credited"
              label={`Refund it and deactivate the ${upgrades} upgrade`}
              checked={values.confirm_credited}
              onChange={(event) => setValues({ ...values, confirm_credited: event.target.checked })}
              aria-invalid={errors.confirm_credited ? true : undefined}
              description={
                errors.confirm_credited ? (
                  <span className="text-red-600">{errors.confirm_credited}</span>
                ) : undefined
              }
            />
          </div>
        )}
        <SubmitActions onCancel={onClose} submitLabel="Request refund" processing={processing} />
      </form>
    </Dialog>
  );
}

/** A dialog form's buttons: Cancel, and the submit button that does the act. */
function SubmitActions({
  onCancel,
  submitLabel,
  processing,
}: {
  onCancel: () => void;
  submitLabel: string;
  processing?: boolean;
}) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button variant="danger" type="submit" loading={processing}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

function LicenseStatus({ license }: { license: AdminLicenseRecord }) {
  if (license.isActive) return <Badge variant="new">Active</Badge>;
  return (
    <Badge variant="danger">
      Inactive · {DEACTIVATION_LABELS[license.deactivationReason ?? 'other']}
    </Badge>
  );
}

function ConnectedTo({ license }: { license: AdminLicenseRecord }) {
  if (license.team) return <span>Team {license.team.name}</span>;
  if (license.userEmail) return <span>{license.userEmail}</span>;
  if (license.buyerEmail)
    return <span className="text-gray-600">Waiting for {license.buyerEmail} to redeem it</span>;
  return <span className="text-gray-500">Nobody yet</span>;
}

function LicensesTable({
  licenses,
  processing,
  onDeactivate,
  onReactivate,
  onResend,
  onMove,
}: {
  licenses: AdminLicenseRecord[];
  processing?: boolean;
  onDeactivate: (id: number) => void;
  onReactivate: (id: number) => void;
  onResend: (id: number) => void;
  onMove: (id: number) => void;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Key</TableHead>
          <TableHead scope="col">Package</TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col">Connected to</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {licenses.map((license) => (
          <TableRow key={license.id}>
            <TableCell className="align-top font-mono text-xs break-all whitespace-normal">
              {license.key}
            </TableCell>
            <TableCell className="align-top">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-gray-900">{license.packageName}</span>
                <Badge variant={license.kind}>{LICENSE_KIND_LABELS[license.kind]}</Badge>
                {license.testMode ? <TestBadge /> : null}
              </div>
            </TableCell>
            <TableCell className="align-top">
              <LicenseStatus license={license} />
            </TableCell>
            <TableCell className="align-top whitespace-normal">
              <ConnectedTo license={license} />
            </TableCell>
            <TableCell className="align-top">
              <div className="flex flex-wrap justify-end gap-2">
                {license.isActive ? (
                  <RowButton
                    disabled={processing}
                    onClick={() => onDeactivate(license.id)}
                    label="Deactivate"
                    about={license.key}
                  />
                ) : null}
                {license.canReactivate ? (
                  <RowButton
                    disabled={processing}
                    onClick={() => onReactivate(license.id)}
                    label="Reactivate"
                    about={license.key}
                  />
                ) : null}
                {license.canMove ? (
                  <RowButton onClick={() => onMove(license.id)} label="Move…" about={license.key} />
                ) : null}
                {license.isActive && (license.userEmail || license.buyerEmail) ? (
                  <RowButton
                    disabled={processing}
                    onClick={() => onResend(license.id)}
                    label="Resend e-mail"
                    about={license.key}
                  />
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RowButton({
  label,
  about,
  ...props
}: Omit<React.ComponentProps<typeof Button>, 'children'> & { label: string; about: string }) {
  return (
    <Button size="sm" variant="secondary" {...props}>
      {label}
      <span className="sr-only"> licence {about}</span>
    </Button>
  );
}

function MoveLicenseDialog({
  license,
  error,
  processing,
  onClose,
  onSubmit,
}: {
  license: AdminLicenseRecord;
  error?: string;
  processing?: boolean;
  onClose: () => void;
  onSubmit: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Move the ${license.packageName} licence`}
      description="It leaves the account it is connected to at once. We e-mail the new address the link to redeem it."
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(email);
        }}
      >
        <TextField
          label="New owner’s e-mail address"
          name="email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <SubmitActions onCancel={onClose} submitLabel="Move licence" processing={processing} />
      </form>
    </Dialog>
  );
}

function TeamBlock({
  team,
  onRemove,
}: {
  team: AdminTeamRecord;
  onRemove: (memberId: number) => void;
}) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        {team.name}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600">
        {team.kind ? <Badge variant={team.kind}>{LICENSE_KIND_LABELS[team.kind]}</Badge> : null}
        <span>
          {team.memberCount} of {team.seats} seats · this customer is{' '}
          {team.role === 'owner' ? 'an owner' : 'a member'}
        </span>
      </p>
      <Table aria-labelledby={headingId} className="mt-3">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Member</TableHead>
            <TableHead scope="col">Role</TableHead>
            <TableHead scope="col">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {team.members.map((member: AdminTeamMemberRecord) => (
            <TableRow key={member.id}>
              <TableCell>
                <Link
                  href={member.customerUrl}
                  className="font-medium text-brand-600 hover:text-brand-500"
                >
                  {member.email}
                </Link>
              </TableCell>
              <TableCell>{member.role === 'owner' ? 'Owner' : 'Member'}</TableCell>
              <TableCell className="text-right">
                {member.removable ? (
                  <Button size="sm" variant="secondary" onClick={() => onRemove(member.id)}>
                    Remove<span className="sr-only"> {member.email}</span>
                  </Button>
                ) : (
                  <span className="text-xs text-gray-500">Last owner</span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function AccountActivity({
  sessions,
  signIns,
  passwordResets,
  emailChanges,
  locale,
}: AdminCustomerPageProps) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-6 text-sm/6 md:grid-cols-2">
      <div>
        <dt className="font-medium text-gray-900">Active sessions</dt>
        <dd className="text-gray-700">
          {sessions.count === 0
            ? 'None'
            : `${sessions.count} ${sessions.count === 1 ? 'session' : 'sessions'}`}
          {sessions.lastSeenAt ? (
            <span className="block text-gray-500">
              Last seen {formatDateTime(sessions.lastSeenAt, locale)}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-gray-900">Recent sign-ins</dt>
        <dd className="text-gray-700">
          {signIns.length === 0 ? (
            `None in the last ${SIGN_IN_HISTORY_DAYS} days`
          ) : (
            <ul className="space-y-1">
              {signIns.map((signIn) => (
                <li key={`${signIn.at}-${signIn.ip}-${signIn.method}`}>
                  {formatDateTime(signIn.at, locale)} ·{' '}
                  {signIn.method === 'password' ? 'password' : 'remembered browser'}
                  {signIn.ip ? (
                    <span className="font-mono text-gray-500"> · {signIn.ip}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-gray-900">Password resets requested</dt>
        <dd className="text-gray-700">
          {passwordResets.length === 0 ? (
            'None'
          ) : (
            <ul className="space-y-1">
              {passwordResets.map((reset) => (
                <li key={reset.requestedAt}>
                  {formatDateTime(reset.requestedAt, locale)} ·{' '}
                  {reset.state === 'used'
                    ? 'used'
                    : reset.state === 'expired'
                      ? 'expired unused'
                      : 'link still valid'}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-gray-900">E-mail address changes</dt>
        <dd className="text-gray-700">
          {emailChanges.length === 0 ? (
            'None'
          ) : (
            <ul className="space-y-1">
              {emailChanges.map((change) => (
                <li key={change.at}>
                  {formatDateTime(change.at, locale)} · {change.from} → {change.to}
                  {change.undone ? <span className="text-gray-500"> (undone)</span> : null}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}
