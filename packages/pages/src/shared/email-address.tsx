import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to on a narrow screen: before the "@"
 * and before each dot, never in the middle of a name unless one part alone is wider than the
 * line (then `break-words` on the container breaks it). Renders text and <wbr> only, so the
 * address stays the element's own text for copying, search and assistive technology.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
