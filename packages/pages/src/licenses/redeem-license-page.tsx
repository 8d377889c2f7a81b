import { Badge, Button, Link, TextField } from '@tessera/ui';
import type * as React from 'react';
import { AuthCard } from '../auth-card/auth-card';
import { CLASSROOM_LICENSE_NOTICE, LICENSE_URL, TEAM_SEATS } from '../constants';
import { AccountFields, FormErrorAlerts } from '../forms/account-fields';
import type { FormState } from '../forms/form-state';
import {
  LICENSE_KIND_LABELS,
  otherErrors,
  redemptionFields,
  redemptionState,
  type RedeemLicenseFormValues,
  type RedemptionState,
} from './redemption';
import type { LicenseRecord, RedeemLicensePageProps } from './types';
import { Form } from '../forms/form';

export const redeemLicensePageTitle = 'Redeem your licence';

export type RedeemLicensePageViewProps = RedeemLicensePageProps & {
  /** The signed-in user (shared `auth.user`), or null for a visitor. */
  user: { email: string } | null;
  /** `PATCH /licenses/{key}`; the container sends only {@link redemptionFields}. */
  form: FormState<RedeemLicenseFormValues>;
  /** Signs out and comes back here (`POST /logout` with this page as `redirect_url`). */
  onSignOut: () => void;
};

const TITLES: Record<RedemptionState, string> = {
  'inactive-upgrade': 'This licence was used to upgrade',
  'inactive-refund': 'This licence was refunded',
  'inactive-other': 'This licence is no longer active',
  yours: 'Your licence is ready',
  'already-redeemed': 'This licence has already been redeemed',
  'redeem-signed-out': redeemLicensePageTitle,
  'redeem-signed-in': redeemLicensePageTitle,
};

/**
 * The page's title in the state it is in: the document's <title> says what the card says, so a
 * refunded or used licence's tab never reads "Redeem your licence".
 */
export function redeemLicenseTitle(
  license: RedeemLicensePageProps['license'],
  signedIn: boolean,
): string {
  return TITLES[redemptionState(license, signedIn)];
}

const linkClassName = 'font-semibold text-brand-600 hover:text-brand-500';

/**
 * `/licenses/{key}` in every state: inactive (by upgrade, refund or another reason), active but
 * connected elsewhere, and redeemable (signed out: make an account; signed in: connect it or
 * make a team).
 */
export function RedeemLicensePage({
  license,
  heldByViewer,
  signInUrl,
  supportEmail,
  user,
  form,
  onSignOut,
}: RedeemLicensePageViewProps) {
  const state = redemptionState(license, user !== null, heldByViewer);
  const support = (
    <a href={`mailto:${supportEmail}`} className={linkClassName}>
      {supportEmail}
    </a>
  );
  const signOut = (
    <button
      type="button"
      onClick={onSignOut}
      className={`${linkClassName} rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
    >
      Sign out
    </button>
  );
  return (
    <AuthCard
      title={TITLES[state]}
      description={<LicenseSummary license={license} />}
      footer={
        state === 'redeem-signed-out' ? (
          <>
            Already have an account?{' '}
            <Link href={signInUrl} className={linkClassName}>
              Sign in
            </Link>{' '}
            and you’ll come back here to redeem it.
          </>
        ) : state === 'redeem-signed-in' ? (
          <>
            Signed in as <strong className="font-semibold text-gray-900">{user?.email}</strong>. Not
            the right account? {signOut}
          </>
        ) : state === 'inactive-upgrade' ? (
          <>Questions about this licence? E-mail {support}.</>
        ) : undefined
      }
    >
      <div className="space-y-6 text-sm/6 text-gray-600">
        {state === 'inactive-upgrade' ? (
          <>
            <p>
              This key was used to upgrade to another licence, so it can’t be redeemed on its own.
              The licence it was upgraded to is the one that gives you access.
            </p>
            <Link href={LICENSE_URL} className={linkClassName}>
              See your licences <span aria-hidden="true">&rarr;</span>
            </Link>
          </>
        ) : state === 'inactive-refund' ? (
          <p>
            The purchase of this licence was refunded, so the key no longer gives access to the
            components and templates. If you think that’s a mistake, e-mail us at {support} and
            we’ll sort it out.
          </p>
        ) : state === 'inactive-other' ? (
          <p>
            This licence has been deactivated and can’t be redeemed. E-mail us at {support} and
            we’ll tell you why and what you can do.
          </p>
        ) : state === 'yours' ? (
          <Yours license={license} user={user} />
        ) : state === 'already-redeemed' ? (
          <AlreadyRedeemed
            license={license}
            user={user}
            signInUrl={signInUrl}
            signOut={signOut}
            support={support}
          />
        ) : (
          <RedeemForm license={license} form={form} signedIn={user !== null} user={user} />
        )}
      </div>
    </AuthCard>
  );
}

function LicenseSummary({ license }: { license: LicenseRecord }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-center gap-2">
      <span className="font-semibold text-gray-900">{license.package.name}</span>
      <Badge variant={license.kind}>{LICENSE_KIND_LABELS[license.kind]} licence</Badge>
      <code className="font-mono text-xs break-all text-gray-500">{license.key}</code>
    </span>
  );
}

/** The viewer's own licence (a buyer's, right after paying): where it is and what it gives. */
function Yours({ license, user }: { license: LicenseRecord; user: { email: string } | null }) {
  return license.team ? (
    <>
      <p>
        It belongs to your team{' '}
        <strong className="font-semibold text-gray-900">{license.team.name}</strong>: everyone in it
        gets everything the licence includes.
      </p>
      <Link href={`/teams/${license.team.id}`} className={`${linkClassName} block`}>
        Go to {license.team.name} <span aria-hidden="true">&rarr;</span>
      </Link>
    </>
  ) : (
    <>
      <p>
        It’s connected to your account,{' '}
        <strong className="font-semibold text-gray-900">{user?.email}</strong>: everything it
        includes is yours to use now.
      </p>
      <Link href={LICENSE_URL} className={`${linkClassName} block`}>
        See your licences <span aria-hidden="true">&rarr;</span>
      </Link>
    </>
  );
}

function AlreadyRedeemed({
  license,
  user,
  signInUrl,
  signOut,
  support,
}: {
  license: LicenseRecord;
  user: { email: string } | null;
  signInUrl: string;
  signOut: React.ReactNode;
  support: React.ReactNode;
}) {
  const holder = license.team ? (
    <>
      the team <strong className="font-semibold text-gray-900">{license.team.name}</strong>
    </>
  ) : license.user ? (
    <>
      the account <strong className="font-semibold text-gray-900">{license.user.email}</strong>
    </>
  ) : (
    'an account'
  );
  return (
    <>
      <p>It’s connected to {holder}, and a licence is redeemed only once.</p>
      {user ? (
        <p>
          You’re signed in as <strong className="font-semibold text-gray-900">{user.email}</strong>.
          If it’s yours, it is on{' '}
          <Link href={LICENSE_URL} className={linkClassName}>
            your licences
          </Link>
          ; if it’s on another of your accounts, {signOut} and sign in with that one.
        </p>
      ) : (
        <>
          <p>Is that you? Sign in with that account to use it.</p>
          <Link href={signInUrl} className={`${linkClassName} block`}>
            Sign in <span aria-hidden="true">&rarr;</span>
          </Link>
        </>
      )}
      <p>Didn’t redeem it yourself, or can’t get in? E-mail {support}.</p>
    </>
  );
}

function RedeemForm({
  license,
  form,
  signedIn,
  user,
}: {
  license: LicenseRecord;
  form: FormState<RedeemLicenseFormValues>;
  signedIn: boolean;
  user: { email: string } | null;
}) {
  const fields = redemptionFields(license, signedIn);
  const messages = otherErrors(form.errors, fields);
  const isTeam = license.isTeamLicense;
  const submitLabel = signedIn
    ? isTeam
      ? 'Create team'
      : 'Connect to my account'
    : isTeam
      ? 'Create account and team'
      : 'Create account and redeem';
  return (
    <Form form={form} className="space-y-6">
      <FormErrorAlerts messages={messages} />
      <p>
        {signedIn ? (
          isTeam ? (
            'Name your team to create it. You’ll be its owner, and invite the others with a link.'
          ) : (
            <>
              Connect this licence to{' '}
              <strong className="font-semibold text-gray-900">{user?.email}</strong> to get
              everything it includes.
            </>
          )
        ) : isTeam ? (
          'Create your account and name your team. You’ll be its owner, and invite the others with a link.'
        ) : (
          'Create your account to get everything this licence includes.'
        )}
      </p>
      {license.kind === 'team' ? (
        <p>A team licence has {TEAM_SEATS} seats, and yours is one of them.</p>
      ) : null}
      {license.kind === 'classroom' ? <p>{CLASSROOM_LICENSE_NOTICE}</p> : null}
      {fields.includes('email') ? <AccountFields form={form} /> : null}
      {fields.includes('team_name') ? (
        <TextField
          label="Team name"
          name="team_name"
          autoComplete="organization"
          required
          value={form.values.team_name}
          onChange={(event) => form.onChange('team_name', event.target.value)}
          error={form.errors.team_name}
          hint="Your company or group; you can rename it later."
        />
      ) : null}
      <Button type="submit" loading={form.processing} className="w-full">
        {submitLabel}
      </Button>
    </Form>
  );
}
