import { MAX_SPANS_A_DAY, WEEKDAY_NAMES, WEEKDAYS, type Weekday, type WorkingHours } from '@clean/shared';
import { useId, useState } from 'react';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { MinutesField } from '../../lib/ui/DurationField';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { TextField } from '../../lib/ui/TextField';
import { type SaveStatusState, useSaveStatus } from '../../lib/useSaveStatus';
import { useSetWorkingHours, useWorkingHours } from './api';

const timeClass =
  'min-h-11 w-full min-w-0 rounded-xl border border-stone-300 bg-white px-2 py-2 sm:w-32 text-base text-stone-900 shadow-sm focus:border-brand-600';

/**
 * Site → Working hours: each weekday's spans, how many visits may overlap, the default visit length. Moving a
 * visit outside these or onto too many others asks the owner to confirm; forms warn. The server checks the values.
 */
export function WorkingHoursEditor() {
  const headingId = useId();
  const hours = useWorkingHours();
  const status = useSaveStatus();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="space-y-1">
        <h2 id={headingId} className="text-2xl font-bold text-brand-950">
          Working Hours
        </h2>
        <p className="text-stone-700">
          When visits may be booked. Visits outside these hours, or overlapping more than allowed, are
          flagged.
        </p>
      </div>
      {hours.isPending && (
        <p role="status" className="text-stone-600">
          Loading working hours...
        </p>
      )}
      {hours.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{failureMessage('Failed to load the working hours.', hours.error)}</span>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => hours.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {/* Keyed by the saved value: a save (or another device's, on refetch) starts the draft afresh. */}
      {hours.data && <HoursForm key={JSON.stringify(hours.data)} saved={hours.data} status={status} />}
      <SaveStatus state={status} />
    </section>
  );
}

function HoursForm({ saved, status }: { saved: WorkingHours; status: SaveStatusState }) {
  const [draft, setDraft] = useState<WorkingHours>(saved);
  const [maxOverlap, setMaxOverlap] = useState(String(saved.max_overlap));
  const [length, setLength] = useState(String(saved.default_duration_minutes));
  const save = useSetWorkingHours();

  const setDay = (day: Weekday, spans: WorkingHours['days'][Weekday]) =>
    setDraft((current) => ({ ...current, days: { ...current.days, [day]: spans } }));

  return (
    <form
      aria-label="Working hours"
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        status.attempt(
          async () => {
            await save.mutateAsync({
              ...draft,
              max_overlap: Number(maxOverlap),
              default_duration_minutes: Number(length),
            });
            return 'Saved the working hours.';
          },
          (err) => failureMessage('Failed to save the working hours.', err),
        );
      }}
    >
      <div className="divide-y divide-stone-200">
        {WEEKDAYS.map((day) => (
          // min-w-0: a fieldset is otherwise as wide as its widest content, past a phone's screen.
          <fieldset key={day} className="min-w-0 py-3">
            <legend className="pb-2 font-semibold text-brand-950">{WEEKDAY_NAMES[day]}</legend>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {draft.days[day].length === 0 && <span className="text-stone-600">Closed</span>}
              {draft.days[day].map(([from, to], index) => {
                const label = `${WEEKDAY_NAMES[day]} span ${index + 1}`;
                const change = (at: 0 | 1, value: string) =>
                  setDay(
                    day,
                    draft.days[day].map((span, i) =>
                      i === index ? (at === 0 ? [value, span[1]] : [span[0], value]) : span,
                    ),
                  );
                return (
                  // On a phone the row takes the width there is (two time inputs and × barely fit 288 px).
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: a span has no identity but its place in the day
                    key={index}
                    className="grid w-full grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1.5 sm:inline-grid sm:w-auto"
                  >
                    <input
                      type="time"
                      aria-label={`${label} from`}
                      className={timeClass}
                      value={from}
                      onChange={(e) => change(0, e.target.value)}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      aria-label={`${label} to`}
                      className={timeClass}
                      value={to}
                      onChange={(e) => change(1, e.target.value)}
                    />
                    <Button
                      variant="ghost"
                      className="min-w-11 px-0 text-lg"
                      aria-label={`Remove ${label}`}
                      onClick={() =>
                        setDay(
                          day,
                          draft.days[day].filter((_, i) => i !== index),
                        )
                      }
                    >
                      <span aria-hidden="true">×</span>
                    </Button>
                  </span>
                );
              })}
              {draft.days[day].length < MAX_SPANS_A_DAY && (
                <Button
                  variant="secondary"
                  className="px-3"
                  aria-label={`Add hours on ${WEEKDAY_NAMES[day]}`}
                  onClick={() => {
                    const last = draft.days[day].at(-1);
                    setDay(day, [
                      ...draft.days[day],
                      last ? [last[1], last[1] < '17:00' ? '17:00' : '23:59'] : ['08:00', '17:00'],
                    ]);
                  }}
                >
                  Add hours
                </Button>
              )}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Visits that may overlap"
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          hint="1: one visit at a time."
          value={maxOverlap}
          onChange={(e) => setMaxOverlap(e.target.value)}
        />
        <MinutesField
          label="Default visit length (minutes)"
          hint="For cleanings and schedules that name none."
          value={length}
          onChange={(e) => setLength(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save working hours'}
      </Button>
    </form>
  );
}
