import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Whether the form's last save went through and nothing was changed since: "saved" is said until
 * the next change. What was saved becomes the form's starting point once the save has finished
 * (react-hook-form's advice: reset after the submission, not inside it).
 */
export function useSaved<Input extends FieldValues, Output>(form: UseFormReturn<Input, unknown, Output>): boolean {
  const { isSubmitSuccessful, submitCount, isDirty } = form.formState;
  useEffect(() => {
    if (isSubmitSuccessful) form.reset(form.getValues(), { keepIsSubmitSuccessful: true });
    // Once per save: the values, not the form object, are what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, isSubmitSuccessful]);
  return isSubmitSuccessful && !isDirty;
}
