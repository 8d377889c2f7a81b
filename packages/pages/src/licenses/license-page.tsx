import { Badge, CopyButton, Link } from '@tessera/ui';
import { useId } from 'react';
import { ALL_ACCESS_URL } from '../constants';
import type { AuthUser } from '../shared/shared-page-data';
import { upgradeNavigation } from '../site-header/navigation';
import { LICENSE_KIND_LABELS, TEAM_ROLE_LABELS } from './redemption';
import type {
  DigitalGoodsDownloads,
  LicensePageProps,
  LicenseRecord,
  PackageDownloads,
  TeamSummary,
} from './types';

export const licensePageTitle = 'Licences';

export type LicensePageViewProps = LicensePageProps & {
  /** The signed-in user's upgrade flags (shared `auth.user.can`): which upgrade links to offer. */
  can?: AuthUser['can'];
};

/** `/license`: the user's licences, each with its key, state and next step, and their teams. */
export function LicensePage({
  licenses,
  teams,
  supportEmail,
  can,
  downloads = [],
  digitalGoods = [],
}: LicensePageViewProps) {
  const licencesHeadingId = useId();
  const goodsHeadingId = useId();
  const teamsHeadingId = useId();
  const downloadsHeadingId = useId();
  const upgrades = can ? upgradeNavigation(can) : [];
  return (
    <div data-slot="license-page" className="mx-auto max-w-4xl px-6 py-16 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-gray-900">Licences</h1>
      <p className="mt-2 text-base/7 text-gray-600">
        Your licence keys, what each one is for, and the teams you belong to.
      </p>

      <section aria-labelledby={licencesHeadingId} className="mt-12">
        <h2 id={licencesHeadingId} className="text-lg/7 font-semibold text-gray-900">
          Your licences
        </h2>
        {licenses.length > 0 ? (
          <ul role="list" className="mt-4 space-y-4">
            {licenses.map((license) => (
              <LicenseItem key={license.key} license={license} supportEmail={supportEmail} />
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-card border border-dashed border-gray-300 px-6 py-10 text-center">
            <p className="text-sm/6 font-semibold text-gray-900">You don’t have a licence yet.</p>
            <p className="mt-1 text-sm/6 text-gray-600">
              Someone bought one for you? Open the link in the licence e-mail to redeem it.
            </p>
            <Link
              href={ALL_ACCESS_URL}
              className="mt-4 inline-block text-sm/6 font-semibold text-brand-600 hover:text-brand-500"
            >
              Get all-access <span aria-hidden="true">&rarr;</span>
            </Link>
          </div>
        )}
        {upgrades.length > 0 ? (
          <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm/6">
            {upgrades.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                className="font-semibold text-brand-600 hover:text-brand-500"
              >
                {link.label} <span aria-hidden="true">&rarr;</span>
              </Link>
            ))}
          </p>
        ) : null}
      </section>

      {downloads.length > 0 ? (
        <section aria-labelledby={downloadsHeadingId} className="mt-12">
          <h2 id={downloadsHeadingId} className="text-lg/7 font-semibold text-gray-900">
            Downloads
          </h2>
          <p className="mt-1 text-sm/6 text-gray-600">
            Every component of a package you own in one zip, with a manifest and the licence.
          </p>
          <ul
            role="list"
            className="mt-4 divide-y divide-gray-200 rounded-card ring-1 ring-gray-900/5"
          >
            {downloads.map((item) => (
              <DownloadItem key={item.package} item={item} />
            ))}
          </ul>
        </section>
      ) : null}

      {digitalGoods.length > 0 ? (
        <section aria-labelledby={goodsHeadingId} className="mt-12">
          <h2 id={goodsHeadingId} className="text-lg/7 font-semibold text-gray-900">
            Your files
          </h2>
          <p className="mt-1 text-sm/6 text-gray-600">
            What your purchase includes besides the components, to download while you’re signed in.
          </p>
          {digitalGoods.map((goods) => (
            <GoodsItem key={goods.name} goods={goods} supportEmail={supportEmail} />
          ))}
        </section>
      ) : null}

      <section aria-labelledby={teamsHeadingId} className="mt-12">
        <h2 id={teamsHeadingId} className="text-lg/7 font-semibold text-gray-900">
          Your teams
        </h2>
        {teams.length > 0 ? (
          <ul
            role="list"
            className="mt-4 divide-y divide-gray-200 rounded-card ring-1 ring-gray-900/5"
          >
            {teams.map((team) => (
              <TeamItem key={team.id} team={team} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm/6 text-gray-600">
            You’re not on a team. Redeeming a team licence makes one, and a team’s invite link adds
            you to it.
          </p>
        )}
      </section>
    </div>
  );
}

function LicenseItem({ license, supportEmail }: { license: LicenseRecord; supportEmail: string }) {
  const headingId = useId();
  return (
    <li
      data-active={license.isActive || undefined}
      className="rounded-card p-6 ring-1 ring-gray-900/5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="text-base/7 font-semibold text-gray-900">
          {license.package.name}
          <span className="sr-only">, {LICENSE_KIND_LABELS[license.kind]} licence</span>
        </h3>
        <Badge variant={license.kind} aria-hidden="true">
          {LICENSE_KIND_LABELS[license.kind]}
        </Badge>
        {license.isActive ? (
          <Badge variant="new">Active</Badge>
        ) : (
          <Badge variant="danger">Inactive</Badge>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="text-sm/6 text-gray-600">Licence key</span>
        <code className="rounded-md bg-gray-50 px-2 py-1 font-mono text-sm break-all text-gray-900 ring-1 ring-gray-200">
          {license.key}
        </code>
        <CopyButton text={license.key} label="Copy key" aria-describedby={headingId} />
      </div>
      <div className="mt-4 text-sm/6 text-gray-600">
        <NextStep license={license} supportEmail={supportEmail} />
      </div>
    </li>
  );
}

const actionClassName = 'font-semibold text-brand-600 hover:text-brand-500';

/** What the licence is doing now and what to do with it, in a sentence per state. */
function NextStep({ license, supportEmail }: { license: LicenseRecord; supportEmail: string }) {
  const support = (
    <a href={`mailto:${supportEmail}`} className={actionClassName}>
      {supportEmail}
    </a>
  );
  if (!license.isActive) {
    switch (license.deactivationReason) {
      case 'upgrade':
        return <p>This key was used to upgrade to another licence, which is the one to use now.</p>;
      case 'refund':
        return (
          <p>
            This purchase was refunded, so the key no longer gives access. Think that’s wrong?
            E-mail {support}.
          </p>
        );
      default:
        return <p>This licence is no longer active. Questions? E-mail {support}.</p>;
    }
  }
  if (license.isRedeemable) {
    return (
      <p>
        {license.isTeamLicense
          ? 'Not redeemed yet: redeeming it creates your team. '
          : 'Not connected to an account yet. '}
        <Link href={license.url} className={actionClassName}>
          {license.isTeamLicense ? 'Redeem and create the team' : 'Redeem licence'}
          <span className="sr-only"> {license.key}</span>
        </Link>
      </p>
    );
  }
  if (license.team) {
    return (
      <p>
        Gives the team <strong className="font-semibold text-gray-900">{license.team.name}</strong>{' '}
        access.{' '}
        <Link href={`/teams/${license.team.id}`} className={actionClassName}>
          Team settings<span className="sr-only"> for {license.team.name}</span>
        </Link>
      </p>
    );
  }
  if (license.user) {
    return (
      <p>
        Connected to <strong className="font-semibold text-gray-900">{license.user.email}</strong>.
      </p>
    );
  }
  return <p>Already redeemed.</p>;
}

function DownloadItem({ item }: { item: PackageDownloads }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-6 py-4">
      <span className="text-sm/6 font-semibold text-gray-900">{item.package}</span>
      <span className="flex gap-x-4 text-sm/6">
        {item.archives.map((archive) => (
          // A file, not a page: a plain link, outside the in-app navigation.
          <a key={archive.url} href={archive.url} download className={actionClassName}>
            {archive.label}
            <span className="sr-only"> zip of {item.package}</span>
          </a>
        ))}
      </span>
    </li>
  );
}

/** `1.2 MB`, `340 KB`, `512 bytes`: a file's size as a download list shows it. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

function GoodsItem({
  goods,
  supportEmail,
}: {
  goods: DigitalGoodsDownloads;
  supportEmail: string;
}) {
  return (
    <div className="mt-4">
      <h3 className="text-sm/6 font-semibold text-gray-900">{goods.name}</h3>
      <ul role="list" className="mt-2 divide-y divide-gray-200 rounded-card ring-1 ring-gray-900/5">
        {goods.files.map((file) => (
          <li
            key={file.url}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-6 py-4"
          >
            <span className="min-w-0 text-sm/6 text-gray-900">
              {file.label}
              <span className="block text-xs/5 break-all text-gray-500">
                {file.name}
                {file.size !== null ? ` · ${fileSize(file.size)}` : null}
              </span>
            </span>
            {file.size !== null ? (
              // A file, not a page: a plain link, outside the in-app navigation.
              <a href={file.url} download className={`text-sm/6 ${actionClassName}`}>
                Download<span className="sr-only"> {file.label}</span>
              </a>
            ) : (
              <span className="text-sm/6 text-gray-600">
                Not available right now: e-mail{' '}
                <a href={`mailto:${supportEmail}`} className={actionClassName}>
                  {supportEmail}
                </a>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TeamItem({ team }: { team: TeamSummary }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 px-6 py-4">
      <div className="flex min-w-0 items-center gap-x-3">
        <span className="truncate text-sm/6 font-semibold text-gray-900">{team.name}</span>
        <Badge variant={team.role === 'owner' ? 'team' : 'neutral'}>
          {TEAM_ROLE_LABELS[team.role]}
        </Badge>
      </div>
      <Link href={team.url} className={`text-sm/6 ${actionClassName}`}>
        Team settings<span className="sr-only"> for {team.name}</span>
        <span aria-hidden="true"> &rarr;</span>
      </Link>
    </li>
  );
}
