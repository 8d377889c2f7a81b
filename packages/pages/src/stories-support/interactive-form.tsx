import { useState } from 'react';
import type { FormState } from '../forms/form-state';

/**
 * Keeps a fixture form's values in state so typing works in stories, while still reporting
 * every change and submit to the fixture's callbacks (spies in stories).
 */
export function useInteractiveForm<TValues extends object>(
  form: FormState<TValues>,
): FormState<TValues> {
  const [values, setValues] = useState(form.values);
  return {
    ...form,
    values,
    isDirty: form.isDirty || values !== form.values,
    onChange(field, value) {
      setValues((current) => ({ ...current, [field]: value }));
      form.onChange(field, value);
    },
  };
}
