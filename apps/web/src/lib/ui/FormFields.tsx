import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx';
import { inputClass, TextField } from './TextField';

function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled textarea in the TextField style. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  id: givenId,
  ...props
}: ComponentProps<'textarea'> & { label: string; error?: string; hint?: string }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={cx(inputClass, 'min-h-20')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...props}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled native select in the TextField style. */
export function SelectField({
  label,
  error,
  hint,
  className,
  id: givenId,
  children,
  ...props
}: ComponentProps<'select'> & { label: string; error?: string; hint?: string; children: ReactNode }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...props}
      >
        {children}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A checkbox with its label beside it (a 44 px tall touch target). */
export function CheckboxField({
  label,
  className,
  id: givenId,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  const autoId = useId();
  const id = givenId ?? autoId;
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
