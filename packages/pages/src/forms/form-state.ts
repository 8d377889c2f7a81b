/**
 * A form as a page sees it: a plain object, so every state (processing, errors, sent) can be a
 * story. The storefront's containers map Inertia's `useForm` onto it (spec §4 form states).
 */
export type FormState<TValues extends object> = {
  values: TValues;
  errors: Partial<Record<keyof TValues | string, string>>;
  processing: boolean;
  wasSuccessful: boolean;
  /** True for 2000 ms after a successful submit (spec §9 "Success flag clears"). */
  recentlySuccessful: boolean;
  hasErrors: boolean;
  isDirty: boolean;
  onChange<K extends keyof TValues>(field: K, value: TValues[K]): void;
  onSubmit(): void;
};

/** Spec §9: the success flag clears this long after a successful submit. */
export const RECENTLY_SUCCESSFUL_MS = 2000;
