import type { FormHTMLAttributes, ReactNode } from 'react';
import type { FormState } from './form-state';

/** The field that carries a PUT, PATCH or DELETE inside a POST (the server's method override). */
export const METHOD_FIELD = '_method';
/** The field that carries the CSRF token of a native post. */
export const TOKEN_FIELD = '_token';
/** The field that names the error bag of a native post. */
export const ERROR_BAG_FIELD = '_error_bag';

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method' | 'onSubmit'> & {
  // The values' type does not matter here: only the target and the submit are read.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormState<any>;
  children: ReactNode;
};

/**
 * A real HTML form: `method="post"`, its `action`, the spoofed method, the CSRF token and the
 * hidden fields as inputs, so a submit before the scripts have run (a slow phone) or without
 * them posts the fields in the body, never in the address. Once hydrated, the submit is the
 * page's own (an Inertia visit); a second submit while one is on its way is dropped.
 */
export function Form({ form, children, ...attributes }: FormProps) {
  const { action, method, csrfToken, hidden, errorBag } = form.target;
  // The token goes only to this site: a form that posts elsewhere (a mailing-list service) must
  // not hand it over.
  const ownSite = action.startsWith('/') && !action.startsWith('//');
  return (
    <form
      {...attributes}
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.processing) form.onSubmit();
      }}
    >
      {method !== 'post' ? (
        <input type="hidden" name={METHOD_FIELD} value={method.toUpperCase()} />
      ) : null}
      {csrfToken && ownSite ? <input type="hidden" name={TOKEN_FIELD} value={csrfToken} /> : null}
      {errorBag ? <input type="hidden" name={ERROR_BAG_FIELD} value={errorBag} /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
