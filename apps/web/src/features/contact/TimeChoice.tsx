import { memo, useEffect, useRef, useState } from 'react';
import { DayBox } from '../../lib/ui/DayTimes';
import { formatMinutes, groupSlots } from './quote-input';

type Day = ReturnType<typeof groupSlots>[number];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const LABEL_CLASS =
  'flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm text-stone-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50';

/**
 * One day's radios as markup, the same on the server and in the browser: React makes no element of them, so
 * hydrating three weeks of times (about 220 radios) costs nothing, and the browser keeps which one is checked.
 * `checked` marks the time chosen when the list was drawn (a refused post's, or the one kept across a new length).
 */
function radiosHtml(day: Day, checked: string): string {
  return day.times
    .map((time) => {
      const label = escapeHtml(`${day.label}, ${time.label}`);
      const value = escapeHtml(time.value);
      return `<label class="${LABEL_CLASS}"><input type="radio" name="requested_start" value="${value}" aria-label="${label}" class="h-4 w-4 accent-brand-700"${time.value === checked ? ' checked' : ''}>${escapeHtml(time.label)}</label>`;
    })
    .join('');
}

/** "None of these", markup as the times: React refuses a radio group mixing its own radios with others. */
const noneHtml = (checked: boolean) =>
  `<label class="mt-2 flex min-h-11 items-center gap-3 text-base text-stone-800"><input type="radio" name="requested_start" value="" class="h-5 w-5 accent-brand-700"${checked ? ' checked' : ''}>None of these — please contact me</label>`;

/**
 * The open times offered for the visit's length, by day, and "None of these": radio buttons named
 * `requested_start` (the server renders them; they work without script). Each day is a <details>, so three weeks of
 * times stay short on a phone; the day holding the chosen time starts open. The times are plain markup (see
 * radiosHtml): a pick is read where its change event bubbles, on this fieldset, so the page's hydration and a
 * later pick touch no radio (docs/performance.md: /contact's total blocking time).
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
  // The time checked when this list of times was drawn: a later pick is the browser's own, not redrawn.
  const [drawn, setDrawn] = useState({ slots, checked: chosen });
  if (drawn.slots !== slots) setDrawn({ slots, checked: chosen });
  const [noneAtFirst] = useState(none);
  const noneBox = useRef<HTMLDivElement>(null);
  // A time dropped (taken, or not offered for a new length): "None of these" is checked again.
  useEffect(() => {
    const input = noneBox.current?.querySelector('input');
    if (none && input) input.checked = true;
  }, [none]);
  // React's onChange never fires for radios it did not make: the browser's own event, where it bubbles.
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const node = group.current;
    const picked = (e: Event) => {
      const input = e.target as HTMLInputElement;
      if (input.name === 'requested_start') onChoose(input.value);
    };
    // A time picked before the code arrived counts too.
    const before = node?.querySelector<HTMLInputElement>('input[name="requested_start"]:checked');
    if (before) onChoose(before.value);
    node?.addEventListener('change', picked);
    return () => node?.removeEventListener('change', picked);
  }, [onChoose]);
  return (
    <fieldset ref={group}>
      <legend className="text-sm font-medium text-stone-800">When would suit you?</legend>
      <p className="mt-1 text-xs text-stone-600">
        {slots === undefined
          ? 'We’ll agree a time with you.'
          : days.length
            ? `Open times for a visit of about ${formatMinutes(minutes)}. We hold the one you pick until we confirm it.`
            : `No open times in the next three weeks for a visit of about ${formatMinutes(minutes)}.`}
      </p>
      <div
        ref={noneBox}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed markup
        dangerouslySetInnerHTML={{ __html: noneHtml(noneAtFirst) }}
      />
      <div className="mt-1 space-y-2">
        {days.map((day) => (
          <DayBox key={day.date} day={day} open={day.times.some((t) => t.value === drawn.checked)}>
            <fieldset
              className="flex flex-wrap gap-2 pb-2"
              aria-label={day.label}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: built by radiosHtml from escaped text only
              dangerouslySetInnerHTML={{ __html: radiosHtml(day, drawn.checked) }}
            />
          </DayBox>
        ))}
      </div>
    </fieldset>
  );
});
