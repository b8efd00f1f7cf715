import { type ReactNode, useId } from 'react';
import { cx } from './cx';

/** What the labelled text fields take besides their control's own attributes. */
export type FieldProps = { label: string; error?: string; hint?: string; className?: string; id?: string };

/** The given id, or a generated one: every field needs one to tie its label, hint and error to the control. */
export function useFieldId(givenId?: string) {
  const autoId = useId();
  return givenId ?? autoId;
}

/**
 * Splits a field component's props: `field` for <Field>, `control` for the input / textarea / select, with the
 * id and the aria attributes that make assistive technology read the hint and the error with it.
 */
export function useFieldProps<P extends object>({
  label,
  error,
  hint,
  className,
  id: givenId,
  ...rest
}: P & FieldProps) {
  const id = useFieldId(givenId);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    field: { id, label, hint, error, className },
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      ...rest,
    },
  };
}

/**
 * One labelled form field: the label, the control (children), then the hint and the error message.
 * `group`: the control is a widget without a native label (star rating), so the label is a paragraph the
 * control names itself by (`aria-labelledby={`${id}-label`}`).
 */
export function Field({
  id,
  label,
  hint,
  error,
  group = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  group?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('space-y-1.5', className)}>
      {group ? (
        <p id={`${id}-label`} className="text-sm font-medium text-stone-800">
          {label}
        </p>
      ) : (
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
      )}
      {children}
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
    </div>
  );
}
