import { buttonVariants, Link } from '@tessera/ui';
import { CheckIcon } from '../icons/icons';
import { componentCountClaim } from '../catalog/component-count';
import { HeroSampleUi } from './hero-sample-ui';
import { ALL_ACCESS_URL } from '../constants';

const promises = ['One-time payment', 'Lifetime access', 'Free updates', 'Unlimited projects'];

export function HomeHero({
  componentsHref,
  tailwindVersion,
  componentCount,
}: {
  componentsHref: string;
  tailwindVersion?: string;
  /** Current components in the catalogue, for the copy's claim. */
  componentCount: number;
}) {
  return (
    <div className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto grid max-w-7xl items-center gap-x-12 gap-y-16 px-6 pt-16 pb-24 sm:pt-20 lg:grid-cols-2 lg:px-8 lg:pt-24 lg:pb-32">
        <div>
          {tailwindVersion ? (
            <p className="inline-flex items-center gap-x-2 rounded-full bg-brand-50 px-3 py-1 text-sm/6 font-medium text-brand-700 ring-1 ring-brand-600/20 ring-inset">
              <span className="font-semibold">Up to date</span>
              <span aria-hidden="true" className="h-4 w-px bg-brand-600/30" />
              Built for Tailwind CSS {tailwindVersion}
            </p>
          ) : null}
          <h1 className="mt-8 text-5xl font-semibold tracking-tight text-balance text-gray-900 first:mt-0 sm:text-display">
            Beautiful UI, ready to paste into your project.
          </h1>
          <p className="mt-6 max-w-xl text-lg/8 text-pretty text-gray-600">
            {componentCountClaim(componentCount)} professionally designed, fully responsive Tailwind
            CSS components and templates, written for React, Vue and plain HTML. Stop rebuilding the
            same screens and start shipping the ones only you can build.
          </p>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            <Link href={ALL_ACCESS_URL} className={buttonVariants({ size: 'lg' })}>
              Get all-access
            </Link>
            <Link
              href={componentsHref}
              className={buttonVariants({ size: 'lg', variant: 'secondary' })}
            >
              Browse components
            </Link>
          </div>
          <ul
            role="list"
            className="mt-10 grid max-w-md grid-cols-2 gap-x-6 gap-y-3 text-sm/6 text-gray-700"
          >
            {promises.map((promise) => (
              <li key={promise} className="flex items-center gap-x-2">
                <CheckIcon className="size-5 flex-none text-brand-600" />
                {promise}
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm/6 text-gray-600">
            Already a customer?{' '}
            <Link href="/login" className="font-semibold text-brand-600 hover:text-brand-500">
              Sign in to your account
            </Link>
          </p>
        </div>
        <HeroSampleUi />
      </div>
    </div>
  );
}

function HeroBackdrop() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-x-0 -top-40 -z-10 transform-gpu overflow-hidden blur-3xl sm:-top-80"
    >
      <div
        className="relative left-[calc(50%-11rem)] aspect-[1155/678] w-[36rem] -translate-x-1/2 rotate-[30deg] bg-gradient-to-tr from-brand-200 to-brand-500 opacity-25 sm:left-[calc(50%-30rem)] sm:w-[72rem]"
        style={{
          clipPath:
            'polygon(74.1% 44.1%, 100% 61.6%, 97.5% 26.9%, 85.5% 0.1%, 80.7% 2%, 72.5% 32.5%, 60.2% 62.4%, 52.4% 68.1%, 47.5% 58.3%, 45.2% 34.5%, 27.5% 76.7%, 0.1% 64.9%, 17.9% 100%, 27.6% 76.8%, 76.1% 97.7%, 74.1% 44.1%)',
        }}
      />
    </div>
  );
}
