import { memo } from 'react';
import { DayTimes } from '../../lib/ui/DayTimes';
import { formatMinutes, groupSlots } from './quote-input';

/**
 * The open times offered for the visit's length, by day, and "None of these": radio buttons named
 * `requested_start` (the server renders them; they work without script). Each day is a <details>, so three weeks of
 * times stay short on a phone; the day holding the chosen time starts open. Memoized: a price change that keeps
 * the visit's length leaves its hundreds of radios alone.
 */
export const TimeChoice = memo(function TimeChoice({
  slots,
  chosen,
  onChoose,
  minutes,
}: {
  slots: readonly string[] | undefined;
  chosen: string;
  onChoose: (value: string) => void;
  /** The visit's length the times are for. */
  minutes: number;
}) {
  const days = groupSlots(slots ?? []);
  const none = !slots?.includes(chosen);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">When would suit you?</legend>
      <p className="mt-1 text-xs text-stone-600">
        {slots === undefined
          ? 'We’ll agree a time with you.'
          : days.length
            ? `Open times for a visit of about ${formatMinutes(minutes)}. We hold the one you pick until we confirm it.`
            : `No open times in the next three weeks for a visit of about ${formatMinutes(minutes)}.`}
      </p>
      <label className="mt-2 flex min-h-11 items-center gap-3 text-base text-stone-800">
        <input
          type="radio"
          name="requested_start"
          value=""
          checked={none}
          onChange={() => onChoose('')}
          className="h-5 w-5 accent-brand-700"
        />
        None of these — please contact me
      </label>
      <div className="mt-1 space-y-2">
        {days.map((day) => (
          <DayTimes
            key={day.date}
            day={day}
            open={day.times.some((t) => t.value === chosen)}
            input={(value) => ({
              name: 'requested_start',
              checked: value === chosen,
              onChange: () => onChoose(value),
            })}
          />
        ))}
      </div>
    </fieldset>
  );
});
