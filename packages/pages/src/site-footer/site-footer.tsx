import { Link } from '@tessera/ui';
import { useId } from 'react';
import { Logo } from '../site-header/logo';
import { DEFAULT_COPYRIGHT_YEAR } from '../constants';
import { DEFAULT_BRAND_NAME } from '../shared/shared-page-data';
import { footerDirectory, type FooterDirectoryList } from './footer-directory';

export type SiteFooterProps = {
  /** The directory is only for signed-out visitors. */
  signedIn: boolean;
  copyrightYear?: number;
  brandName?: string;
  directory?: FooterDirectoryList[];
};

export function SiteFooter({
  signedIn,
  copyrightYear = DEFAULT_COPYRIGHT_YEAR,
  brandName = DEFAULT_BRAND_NAME,
  directory = footerDirectory,
}: SiteFooterProps) {
  const headingId = useId();
  return (
    <footer aria-labelledby={headingId} className="border-t border-gray-900/10 bg-white">
      <h2 id={headingId} className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        {signedIn ? null : <FooterDirectory brandName={brandName} directory={directory} />}
        <div className="flex flex-col gap-4 py-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm/6 text-gray-600">
            &copy; {copyrightYear} {brandName}. All rights reserved.
          </p>
          <ul role="list" className="flex gap-x-6 text-sm/6">
            <li>
              <Link href="/privacy-policy" className="text-gray-600 hover:text-gray-900">
                Privacy policy
              </Link>
            </li>
            <li>
              <Link href="/changelog" className="text-gray-600 hover:text-gray-900">
                Changelog
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

function FooterDirectory({
  brandName,
  directory,
}: {
  brandName: string;
  directory: FooterDirectoryList[];
}) {
  return (
    <div className="border-b border-gray-900/10 py-16 sm:py-20 lg:grid lg:grid-cols-12 lg:gap-x-8">
      <div className="max-w-md lg:col-span-3">
        <Link href="/" className="inline-flex rounded-control">
          <Logo brandName={brandName} />
        </Link>
        <p className="mt-4 text-sm/6 text-gray-600">
          Production-ready Tailwind CSS components and templates for React, Vue and HTML. Pay once,
          build forever.
        </p>
      </div>
      <div className="mt-12 grid grid-cols-2 gap-x-8 gap-y-12 md:grid-cols-4 lg:col-span-9 lg:mt-0">
        {directory.map((list) => (
          <FooterList key={list.id} list={list} />
        ))}
      </div>
    </div>
  );
}

function FooterList({ list }: { list: FooterDirectoryList }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm/6 font-semibold text-gray-900">
        {list.title}
      </h3>
      <ul role="list" className="mt-4 space-y-2">
        {list.links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="text-sm/6 text-gray-600 hover:text-gray-900">
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <Link
            href={list.browseAll.href}
            className="text-sm/6 font-semibold text-brand-600 hover:text-brand-500"
          >
            {list.browseAll.label}
            <span className="sr-only"> {list.title}</span>
            <span aria-hidden="true"> &rarr;</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
