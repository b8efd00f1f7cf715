import { type ComponentProps, useId } from 'react';
import { cx } from './cx';

export const inputClass =
  'block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base text-stone-900 ' +
  'shadow-sm placeholder:text-stone-500 focus:border-brand-600 aria-[invalid=true]:border-red-600';

/** A labelled input with an optional hint and error, wired up with aria-describedby / aria-invalid. */
export function TextField({
  label,
  error,
  hint,
  className,
  id: givenId,
  ...inputProps
}: ComponentProps<'input'> & { label: string; error?: string; hint?: string }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
