import { useForm } from '@inertiajs/react';
import type { FormState } from '@tessera/pages';

type FormValues = Record<string, string | boolean | number>;

/** The slice of Inertia's form helper that containers use to submit. */
type VisitOptions = {
  onFinish?: () => void;
  onSuccess?: () => void;
  /** Account forms keep the scroll position: the page does not jump to the top after a save. */
  preserveScroll?: boolean;
};

export type SubmittableForm = {
  /** The current values. */
  data: FormValues;
  post: (url: string, options?: VisitOptions) => void;
  put: (url: string, options?: VisitOptions) => void;
  patch: (url: string, options?: VisitOptions) => void;
  reset: (...fields: string[]) => void;
  /** What the next submit sends instead of the values (e.g. only the fields a state asks for). */
  transform: (callback: (data: FormValues) => object) => void;
};

/** Maps Inertia's useForm onto the plain FormState object that pure pages take. */
export function useFormState<T extends FormValues>(
  initial: T,
  submit: (form: SubmittableForm) => void,
): FormState<T> {
  // Inertia's generic form types do not accept an open record type; the values are plain here.
  const form = useForm(initial as FormValues);
  return {
    values: form.data as T,
    errors: form.errors as FormState<T>['errors'],
    processing: form.processing,
    wasSuccessful: form.wasSuccessful,
    recentlySuccessful: form.recentlySuccessful,
    hasErrors: form.hasErrors,
    isDirty: form.isDirty,
    onChange: (field, value) => form.setData(field as string, value),
    onSubmit: () => submit(form as unknown as SubmittableForm),
  };
}
