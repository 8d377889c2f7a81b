import type * as React from 'react';

type IconProps = React.ComponentProps<'svg'>;

function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3.75 6.75h16.5M3.75 12h16.5M3.75 17.25h16.5" />
    </Outline>
  );
}

export function UserCircleIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M17.98 18.72A7.49 7.49 0 0 0 12 15.75a7.49 7.49 0 0 0-5.98 2.97m11.96 0a9 9 0 1 0-11.96 0m11.96 0A8.97 8.97 0 0 1 12 21a8.97 8.97 0 0 1-5.98-2.28M15 9.75a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z" />
    </Outline>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m4.5 12.75 6 6 9-13.5" />
    </Outline>
  );
}
