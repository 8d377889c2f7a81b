import { cn, buttonVariants, Link, Price } from '@tessera/ui';
import { useId } from 'react';
import { TEAM_SEATS } from '../constants';
import type { ChooseUpgradePageProps as ChooseUpgradeServerProps, UpgradeOption } from './types';

/** The chooser's headline, per target. */
export function chooseUpgradeHeadline(target: UpgradeOption['target']): string {
  return target === 'team' ? 'Upgrade to the team licence' : 'Upgrade to the complete package';
}

export const chooseUpgradePageTitle = chooseUpgradeHeadline;

/** Whose licence an option is: the user's e-mail or the team's name. */
export function upgradeOptionName(option: UpgradeOption): string {
  return option.user?.email ?? option.team?.name ?? '';
}

export type ChooseUpgradePageProps = ChooseUpgradeServerProps & {
  /** The shared `preferredLanguage`, for prices. */
  locale?: string;
};

/** /upgrade and /upgrade-team: the licences that may be upgraded, each priced. */
export function ChooseUpgradePage({ target, options, locale }: ChooseUpgradePageProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-slot="choose-upgrade-page"
      className="mx-auto max-w-3xl px-6 py-24 sm:py-32"
    >
      <h1
        id={headingId}
        className="text-4xl font-semibold tracking-tight text-balance text-gray-900 sm:text-5xl"
      >
        {chooseUpgradeHeadline(target)}
      </h1>
      <p className="mt-6 text-lg/8 text-pretty text-gray-600">
        {target === 'team'
          ? `The team licence covers up to ${TEAM_SEATS} people. What you paid for your licence comes off its price.`
          : 'All-access is every component, template and UI kit, now and later. What you paid for your packages comes off its price.'}
      </p>
      <ul role="list" className="mt-10 divide-y divide-gray-900/10 border-y border-gray-900/10">
        {options.map((option) => (
          <UpgradeRow key={option.url} option={option} locale={locale} />
        ))}
      </ul>
    </section>
  );
}

function UpgradeRow({ option, locale }: { option: UpgradeOption; locale?: string }) {
  const name = upgradeOptionName(option);
  const discounted = option.price.advertised !== option.price.amount;
  return (
    <li className="flex flex-col justify-between gap-6 py-6 sm:flex-row sm:items-center">
      <div className="min-w-0">
        <p className="text-xs/5 font-medium tracking-wide text-gray-500 uppercase">
          {option.team ? 'Team' : 'Your licence'}
        </p>
        <p className="truncate text-base/7 font-semibold text-gray-900">{name}</p>
        <p className="text-sm/6 text-gray-600">{option.packages.join(', ')}</p>
      </div>
      <div className="flex flex-none items-center gap-x-6">
        <p className="text-right">
          <Price
            amount={option.price.amount}
            currency={option.price.currency}
            locale={locale}
            className="text-2xl font-semibold tracking-tight text-gray-900"
          />
          {discounted ? (
            <>
              {' '}
              <Price
                amount={option.price.advertised}
                currency={option.price.currency}
                locale={locale}
                struck
                className="text-sm text-gray-500"
              />
            </>
          ) : null}
          <span className="block text-xs/5 text-gray-500">one-time payment, plus local taxes</span>
        </p>
        <Link href={option.url} aria-label={`Upgrade ${name}`} className={cn(buttonVariants())}>
          Upgrade
        </Link>
      </div>
    </li>
  );
}
