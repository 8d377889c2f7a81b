import { useForm, usePage } from '@inertiajs/react';
import type { FormMethod, FormState, PageErrors } from '@tessera/pages';
import { useState } from 'react';

type FormValues = Record<string, string | boolean | number>;

/** The slice of Inertia's visit options that containers use. */
type VisitOptions = {
  onFinish?: () => void;
  onSuccess?: () => void;
  /** Account forms keep the scroll position: the page does not jump to the top after a save. */
  preserveScroll?: boolean;
};

export type SubmittableForm = {
  /** The current values. */
  data: FormValues;
  reset: (...fields: string[]) => void;
};

/** Where a form goes and how its submit behaves once the page has hydrated. */
export type FormOptions = {
  method: FormMethod;
  action: string;
  /** Fields sent whatever is typed (an invitation token, a return address). */
  hidden?: Record<string, string>;
  /** A page with several forms names each one's errors (see `FormTarget.errorBag`). */
  errorBag?: string;
  /** What the submit sends instead of the values (only the fields a state asks for). */
  payload?: (values: FormValues) => object;
  /** Visit callbacks; they get the form to reset fields. */
  visit?: (form: SubmittableForm) => VisitOptions;
  /** Instead of the Inertia visit (a form that posts to another site). */
  submit?: (form: SubmittableForm) => void;
};

/** The field errors the page came with: a native post's, flashed back through the session. */
function initialErrors(errors: PageErrors | undefined, bag: string | undefined) {
  if (!errors) return {};
  if (!bag) {
    return Object.fromEntries(Object.entries(errors).filter(([, v]) => typeof v === 'string'));
  }
  const own: unknown = (errors as Record<string, unknown>)[bag];
  return typeof own === 'object' && own !== null ? (own as Record<string, string>) : {};
}

/**
 * Maps Inertia's useForm onto the plain FormState that pure pages take. The same target serves
 * the HTML form (a post before or without JavaScript) and the Inertia visit after hydration.
 */
export function useFormState<T extends FormValues>(initial: T, options: FormOptions): FormState<T> {
  const page = usePage<{ errors?: PageErrors; csrfToken?: string }>();
  // Inertia's generic form types do not accept an open record type; the values are plain here.
  const form = useForm(initial as FormValues);
  const [submitted, setSubmitted] = useState(false);
  // Errors of a native post come with the page itself; once this form has submitted through
  // Inertia, its own errors are the truth.
  const [pageErrors] = useState(() => initialErrors(page.props.errors, options.errorBag));
  const errors = (
    submitted ? form.errors : { ...pageErrors, ...form.errors }
  ) as FormState<T>['errors'];
  const { method, action, hidden, errorBag } = options;
  return {
    values: form.data as T,
    errors,
    processing: form.processing,
    wasSuccessful: form.wasSuccessful,
    recentlySuccessful: form.recentlySuccessful,
    hasErrors: Object.keys(errors).length > 0,
    isDirty: form.isDirty,
    target: {
      method,
      action,
      ...(page.props.csrfToken ? { csrfToken: page.props.csrfToken } : {}),
      ...(hidden ? { hidden } : {}),
      ...(errorBag ? { errorBag } : {}),
    },
    onChange: (field, value) => form.setData(field as string, value),
    onSubmit: () => {
      setSubmitted(true);
      if (options.submit) {
        options.submit(form as unknown as SubmittableForm);
        return;
      }
      const payload = options.payload;
      form.transform((values) => ({ ...hidden, ...(payload ? payload(values) : values) }));
      const submittable = form as unknown as SubmittableForm;
      form.submit(method, action, options.visit?.(submittable) ?? {});
    },
  };
}
