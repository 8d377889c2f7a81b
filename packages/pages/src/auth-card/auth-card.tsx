import type * as React from 'react';
import { LogoMark } from '../site-header/logo';

export type AuthCardProps = {
  title: string;
  description?: React.ReactNode;
  /** Sits under the card: the way to the next screen (e.g. 'Get all-access'). */
  footer?: React.ReactNode;
  children: React.ReactNode;
};

/** The frame shared by the sign-in screens: mark, heading, white card. */
export function AuthCard({ title, description, footer, children }: AuthCardProps) {
  return (
    <div className="bg-gray-50 px-6 py-16 sm:py-24 lg:px-8">
      <div className="sm:mx-auto sm:w-full sm:max-w-md">
        <LogoMark className="mx-auto size-10" />
        <h1 className="mt-6 text-center text-2xl/9 font-bold tracking-tight text-gray-900">
          {title}
        </h1>
        {description ? (
          <p className="mt-2 text-center text-sm/6 text-pretty text-gray-600">{description}</p>
        ) : null}
      </div>
      <div className="mt-10 sm:mx-auto sm:w-full sm:max-w-[30rem]">
        <div className="bg-white px-6 py-10 shadow-sm ring-1 ring-gray-900/5 sm:rounded-card sm:px-12">
          {children}
        </div>
        {footer ? <div className="mt-10 text-center text-sm/6 text-gray-600">{footer}</div> : null}
      </div>
    </div>
  );
}
