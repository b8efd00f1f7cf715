import type { ComponentProps } from 'react';
import { Field, type FieldProps, useFieldProps } from './Field';

export const inputClass =
  'block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base text-stone-900 ' +
  'shadow-sm placeholder:text-stone-500 focus:border-brand-600 aria-[invalid=true]:border-red-600';

/** A labelled input with an optional hint and error, wired up with aria-describedby / aria-invalid. */
export function TextField(props: ComponentProps<'input'> & FieldProps) {
  const { field, control } = useFieldProps(props);
  return (
    <Field {...field}>
      <input className={inputClass} {...control} />
    </Field>
  );
}
