/** The HTTP method a form stands for; the browser posts, `_method` names the rest. */
export type FormMethod = 'post' | 'put' | 'patch' | 'delete';

/**
 * Where a form goes, as the HTML form itself says it: a form that works before (or without)
 * JavaScript posts there natively and the server answers with a redirect; once the page has
 * hydrated, the same submit goes through Inertia instead.
 */
export type FormTarget = {
  action: string;
  method: FormMethod;
  /**
   * The CSRF token the native post carries as `_token` (a script sends it as a header instead).
   * Absent only where the page has none (a story).
   */
  csrfToken?: string;
  /** Fields the form sends that nobody types (an invitation token, the return address). */
  hidden?: Record<string, string>;
  /**
   * The error bag of a page with several forms: a native post names it, so the errors that come
   * back show beside this form only.
   */
  errorBag?: string;
};

/**
 * A form as a page sees it: a plain object, so every state (processing, errors, sent) can be a
 * story. The storefront's containers map Inertia's `useForm` onto it: processing, the errors
 * map, wasSuccessful, recentlySuccessful, hasErrors and isDirty.
 */
export type FormState<TValues extends object> = {
  values: TValues;
  errors: Partial<Record<keyof TValues | string, string>>;
  processing: boolean;
  wasSuccessful: boolean;
  /** True for RECENTLY_SUCCESSFUL_MS (../constants.ts) after a successful submit. */
  recentlySuccessful: boolean;
  hasErrors: boolean;
  isDirty: boolean;
  /** Where the form posts (method, action, CSRF token, hidden fields). */
  target: FormTarget;
  onChange<K extends keyof TValues>(field: K, value: TValues[K]): void;
  onSubmit(): void;
};
