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
        <LogoMark className="size-10 mx-auto" />
        <h1 className="mt-6 text-2xl/9 font-bold tracking-tight text-gray-900 text-center">
          {title}
        </h1>
        {description ? (
          <p className="mt-2 text-sm/6 text-gray-600 text-center text-pretty">{description}</p>
        ) : null}
      </div>
      <div className="mt-10 sm:mx-auto sm:w-full sm:max-w-[30rem]">
        <div className="bg-white px-6 py-10 shadow-sm ring-gray-900/5 sm:rounded-card sm:px-12 ring-1">
          {children}
        </div>
        {footer ? <div className="mt-10 text-sm/6 text-gray-600 text-center">{footer}</div> : null}
      </div>
    </div>
  );
}
