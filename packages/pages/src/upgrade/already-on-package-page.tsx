import { buttonVariants, Link, Price } from '@tessera/ui';
import { CheckCircleIcon } from '../catalog/icons';
import { TEAM_SEATS } from '../constants';
import type { AlreadyOnPackagePageProps as AlreadyOnPackageServerProps } from './types';

export const alreadyOnPackagePageTitle = 'You’ve got everything';
/** The headline for an owner of every package. */
export const ALREADY_ON_PACKAGE_HEADLINE = 'You’ve got everything!';

export type AlreadyOnPackagePageProps = AlreadyOnPackageServerProps & {
  /** The shared `preferredLanguage`, for prices. */
  locale?: string;
};

/** /upgrade for a customer who owns every package, with a team upgrade where one is possible. */
export function AlreadyOnPackagePage({ teamUpgrade, locale }: AlreadyOnPackagePageProps) {
  return (
    <div
      data-slot="already-on-package-page"
      className="mx-auto max-w-2xl px-6 py-24 text-center sm:py-32"
    >
      <CheckCircleIcon className="mx-auto size-12 text-brand-600" />
      <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance text-gray-900 sm:text-5xl">
        {ALREADY_ON_PACKAGE_HEADLINE}
      </h1>
      <p className="mt-6 text-lg/8 text-pretty text-gray-600">
        Your all-access licence covers every component, template and UI kit, and everything we
        release later. There is nothing left to upgrade.
      </p>
      {teamUpgrade ? (
        <aside
          aria-label="Team upgrade"
          className="mt-10 rounded-2xl bg-gray-50 p-6 text-left text-sm/6 text-gray-700 ring-1 ring-gray-900/10"
        >
          <p className="font-semibold text-gray-900">Working with others?</p>
          <p className="mt-1">
            Move your licence to the team licence, for up to {TEAM_SEATS} people, for{' '}
            <Price
              amount={teamUpgrade.price.amount}
              currency={teamUpgrade.price.currency}
              locale={locale}
              className="font-semibold text-gray-900"
            />
            {teamUpgrade.price.advertised !== teamUpgrade.price.amount ? (
              <>
                {' '}
                <Price
                  amount={teamUpgrade.price.advertised}
                  currency={teamUpgrade.price.currency}
                  locale={locale}
                  struck
                  className="text-gray-500"
                />
              </>
            ) : null}
            : what you paid comes off the price.
          </p>
          <Link
            href={teamUpgrade.url}
            className="mt-3 inline-block font-semibold text-brand-600 hover:text-brand-500"
          >
            Upgrade to the team licence <span aria-hidden="true">&rarr;</span>
          </Link>
        </aside>
      ) : null}
      <div className="mt-10">
        <Link href="/" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          Go back
        </Link>
      </div>
    </div>
  );
}
