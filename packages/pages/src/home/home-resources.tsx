import { Link } from '@tessera/ui';
import { useId } from 'react';
import { COMMUNITY_CHAT_PATH, LICENSE_URL } from '../constants';

type Resource = { title: string; description: string; href: string; cta: string };

function resources(documentationHref: string): Resource[] {
  return [
    {
      title: 'Templates and UI kits',
      description: 'Complete sites and app starters, built with Next.js and Tailwind CSS.',
      href: '/templates',
      cta: 'Explore templates',
    },
    {
      title: 'Playground',
      description: 'Preview any component live, at every breakpoint, before you copy it.',
      href: '/preview',
      cta: 'Open the playground',
    },
    {
      title: 'Documentation',
      description: 'Set up Tailwind CSS, fonts and icons, and wire in interactive behaviour.',
      href: documentationHref,
      cta: 'Read the docs',
    },
    {
      title: 'Licence',
      description: 'Use everything in unlimited projects, for yourself or for your clients.',
      href: LICENSE_URL,
      cta: 'Read the licence',
    },
    {
      title: 'Community',
      description: 'Ask questions and share what you build in our private community chat.',
      href: COMMUNITY_CHAT_PATH,
      cta: 'Join the Discord',
    },
  ];
}

export function HomeResources({ documentationHref }: { documentationHref: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-gray-900/10 bg-gray-50">
      <div className="mx-auto max-w-7xl px-6 py-20 lg:px-8">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-gray-900">
          Everything you need to ship
        </h2>
        <ul role="list" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {resources(documentationHref).map((resource) => (
            <li
              key={resource.href}
              className="relative flex flex-col rounded-card bg-white p-6 shadow-xs ring-1 ring-gray-900/5 hover:ring-gray-900/15"
            >
              <h3 className="text-sm/6 font-semibold text-gray-900">{resource.title}</h3>
              <p className="mt-2 flex-1 text-sm/6 text-gray-600">{resource.description}</p>
              <Link
                href={resource.href}
                className="mt-4 text-sm/6 font-semibold text-brand-600 after:absolute after:inset-0 hover:text-brand-500"
              >
                {resource.cta} <span aria-hidden="true">&rarr;</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
