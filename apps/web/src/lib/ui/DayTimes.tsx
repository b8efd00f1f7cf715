import type { InputHTMLAttributes, ReactNode } from 'react';

type Day = { label: string; times: ReadonlyArray<{ value: string; label: string }> };

/**
 * One day of open times as a <details> of radio buttons (the booking form's and the customer's link's "move my
 * visit"): three weeks of times stay short on a phone, and the radios work without script. `input` gives each
 * radio its name and state.
 */
export function DayTimes({
  day,
  open,
  input,
}: {
  day: Day;
  open: boolean;
  input: (value: string) => InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <DayBox day={day} open={open}>
      <fieldset className="flex flex-wrap gap-2 pb-2">
        <legend className="sr-only">{day.label}</legend>
        {day.times.map((time) => (
          <label
            key={time.value}
            className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm text-stone-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              value={time.value}
              aria-label={`${day.label}, ${time.label}`}
              className="h-4 w-4 accent-brand-700"
              {...input(time.value)}
            />
            {time.label}
          </label>
        ))}
      </fieldset>
    </DayBox>
  );
}

/** A day's <details>: its label and how many times it has, then `children` (its radios), closed unless `open`. */
export function DayBox({ day, open, children }: { day: Day; open: boolean; children: ReactNode }) {
  return (
    <details open={open || undefined} className="rounded-lg border border-stone-200 px-3 py-1">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 text-sm font-medium text-stone-800">
        <span>{day.label}</span>
        <span className="font-normal text-stone-600">
          {day.times.length} {day.times.length === 1 ? 'time' : 'times'}
        </span>
      </summary>
      {children}
    </details>
  );
}
