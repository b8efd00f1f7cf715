import { timeZoneLabel } from '@clean/shared';
import { useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { Button } from '../../lib/ui/Button';
import { inputClass } from '../../lib/ui/TextField';

/** Form values that carry a list of paid dates. */
export type WithDates = { dates: Array<{ value: string }> };

/**
 * The paid dates of a recurring paid record: one datetime-local input per date (business wall time),
 * each with Remove, and Add Date appending an empty one.
 */
export function DateListField<T extends WithDates>({
  control,
  register,
  errors,
  timezone,
}: {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors?: FieldErrors<WithDates>['dates'];
  timezone: string;
}) {
  const groupId = useId();
  // The generic form narrows to the shared `dates` field here.
  const { fields, append, remove } = useFieldArray({
    control: control as unknown as Control<WithDates>,
    name: 'dates',
  });
  const reg = register as unknown as UseFormRegister<WithDates>;

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={`${groupId}-hint`}>
      <legend className="text-sm font-medium text-stone-800">Paid Dates</legend>
      <p id={`${groupId}-hint`} className="text-xs text-stone-600">
        In {timeZoneLabel(timezone)}.
      </p>
      {fields.length === 0 && <p className="text-sm text-stone-600">No dates yet.</p>}
      <ol className="space-y-2">
        {fields.map((field, index) => {
          const error = errors?.[index]?.value?.message;
          const inputId = `${groupId}-${field.id}`;
          return (
            <li key={field.id} className="space-y-1">
              <div className="flex items-center gap-2">
                <label htmlFor={inputId} className="sr-only">
                  Date {index + 1}
                </label>
                <input
                  id={inputId}
                  type="datetime-local"
                  className={`${inputClass} min-w-0 flex-1`}
                  aria-invalid={error ? true : undefined}
                  {...reg(`dates.${index}.value` as const)}
                />
                <Button
                  variant="ghost"
                  className="shrink-0 px-3 text-red-700 hover:bg-red-50"
                  onClick={() => remove(index)}
                  aria-label={`Remove date ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
              {error && <p className="text-sm text-red-700">{error}</p>}
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="px-4 py-2" onClick={() => append({ value: '' })}>
        Add Date
      </Button>
    </fieldset>
  );
}
