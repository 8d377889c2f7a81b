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
  onChange<K extends keyof TValues>(field: K, value: TValues[K]): void;
  onSubmit(): void;
};
