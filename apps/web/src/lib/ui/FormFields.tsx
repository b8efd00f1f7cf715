import type { ComponentProps } from 'react';
import { cx } from './cx';
import { Field, type FieldProps, useFieldId, useFieldProps } from './Field';
import { inputClass, TextField } from './TextField';

/** A labelled textarea in the TextField style. */
export function TextAreaField(props: ComponentProps<'textarea'> & FieldProps) {
  const { field, control } = useFieldProps(props);
  return (
    <Field {...field}>
      <textarea rows={3} className={cx(inputClass, 'min-h-20')} {...control} />
    </Field>
  );
}

/** A labelled native select in the TextField style; its options are the children. */
export function SelectField({ children, ...props }: ComponentProps<'select'> & FieldProps) {
  const { field, control } = useFieldProps(props);
  return (
    <Field {...field}>
      <select className={cx(inputClass, 'min-h-11')} {...control}>
        {children}
      </select>
    </Field>
  );
}

/** The `<option>`s of a select: plain values shown as they are, or `{ value, label }` pairs. */
export function Options({ values }: { values: ReadonlyArray<string | { value: string; label: string }> }) {
  return values.map((option) => {
    const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
    return (
      <option key={value} value={value}>
        {label}
      </option>
    );
  });
}

/** A checkbox with its label beside it (a 44 px tall touch target). */
export function CheckboxField({
  label,
  className,
  id: givenId,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  const id = useFieldId(givenId);
  return (
    <div className={cx('flex min-h-11 items-center gap-3', className)}>
      <input
        id={id}
        type="checkbox"
        className="h-5 w-5 rounded border-stone-400 accent-brand-700"
        {...props}
      />
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
    </div>
  );
}

/** A money amount: a decimal number, never negative, to the cent. */
export function MoneyField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
}

/** The optional free-text notes every hub record has. */
export function NotesField(props: Omit<ComponentProps<typeof TextAreaField>, 'label' | 'placeholder'>) {
  return <TextAreaField label="Notes" placeholder="Notes (optional)" {...props} />;
}
