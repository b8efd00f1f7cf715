import { businessDate, type QuoteFrequency, type QuoteInput, quote } from '@clean/shared';
import {
  memo,
  type RefObject,
  useDeferredValue,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { usePostedForm } from '../../lib/posted-form';
import { useSiteConfig } from '../../lib/site-config';
import { usePricing, useSlots } from './api';
import { Estimate, QuoteFields } from './QuoteFields';
import { defaultMinutes, formSource, postedSource, readQuoteChoice } from './quote-input';
import { TimeChoice } from './TimeChoice';

/** What sending the form needs of this section: the quote's inputs (when priced), the time, and a reset. */
export type QuoteState = {
  quote: QuoteInput | null;
  packageId: number | null;
  start: string;
  clearTime: () => void;
};

/**
 * The booking form's estimate and open times. Its own component, so a change of the estimate's inputs re-renders
 * only this part (the contact fields stay still), and of it only the estimate until the visit's length changes
 * (`OpenTimes`): a price update fits in a frame on a slow phone (`npm run bench:quote`).
 */
export function QuoteSection({
  stateRef,
  formRef,
  packages,
}: {
  stateRef: RefObject<QuoteState | null>;
  formRef: RefObject<HTMLFormElement | null>;
  packages: ReadonlyArray<{ id: number; title: string; amount: number }>;
}) {
  const posted = usePostedForm('booking');
  const [params] = useSearchParams();
  const table = usePricing().data;
  // Before the owner has priced any package there is no estimate to show (the times are still offered).
  const pricing = table?.packages.length ? table : undefined;
  // The page's first render reads what the server rendered from (a refused post, else the address), so the two
  // agree; once live, the form's own controls (changed maybe before the code arrived) are the truth.
  const [first] = useState(() =>
    readQuoteChoice(posted?.values.package_id !== undefined ? postedSource(posted) : params),
  );
  const [choice, setChoice] = useState(first);
  const [live, setLive] = useState(false);
  const readForm = () => {
    // Only once the controls are there (the packages may still be loading after an in-app link).
    if (formRef.current?.elements.namedItem('package_id'))
      setChoice(readQuoteChoice(formSource(formRef.current)));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page comes alive
  useEffect(() => {
    setLive(true);
    readForm();
  }, []);

  const result =
    choice.package_id && pricing
      ? quote(pricing, packages, { ...choice, package_id: choice.package_id })
      : null;
  const minutes = result?.ok ? result.quote.duration_minutes : defaultMinutes(pricing);
  // The times follow in a render of their own, after the estimate: a price update never waits for them.
  const timesFor = { minutes: useDeferredValue(minutes), frequency: useDeferredValue(choice.frequency) };
  const times = useRef<ChosenTime>(null);

  useImperativeHandle(
    stateRef,
    () => ({
      quote: result?.ok && choice.package_id ? { ...choice, package_id: choice.package_id } : null,
      packageId: choice.package_id,
      get start() {
        return times.current?.start ?? '';
      },
      clearTime: () => times.current?.clearTime(),
    }),
    [result, choice],
  );

  return (
    <>
      {packages.length > 0 && (
        <fieldset className="space-y-5" onChange={readForm}>
          <legend className="sr-only">Your home</legend>
          <QuoteFields pricing={pricing} packages={packages} choice={first} />
          {pricing && <Estimate result={result} seePrice={!live} />}
        </fieldset>
      )}
      {table && (
        <OpenTimes
          minutes={timesFor.minutes}
          frequency={timesFor.frequency}
          firstStart={posted?.values.requested_start ?? ''}
          handleRef={times}
        />
      )}
    </>
  );
}

type ChosenTime = { start: string; clearTime: () => void };

/**
 * The open times for the visit's length, with the time chosen. Memoized on the (deferred) length and frequency, so
 * a price update that keeps them renders none of this: not its queries, not its hundreds of radios.
 */
const OpenTimes = memo(function OpenTimes({
  minutes,
  frequency,
  firstStart,
  handleRef,
}: {
  minutes: number;
  frequency: QuoteFrequency;
  firstStart: string;
  handleRef: RefObject<ChosenTime | null>;
}) {
  const { timezone } = useSiteConfig();
  const slots = useSlots(businessDate(new Date(), timezone), minutes, frequency, true);
  // The length the list on screen is for (the previous one while the next loads).
  const shownMinutes = useRef(minutes);
  if (!slots.isPlaceholderData) shownMinutes.current = minutes;
  const [start, setStart] = useState(firstStart);
  const offered = start && slots.data?.includes(start) ? start : '';
  useImperativeHandle(handleRef, () => ({ start: offered, clearTime: () => setStart('') }), [offered]);
  return (
    // Busy while the times for a new length load; the list itself (memoized) is left alone until they come.
    <div aria-busy={(slots.isFetching && slots.isPlaceholderData) || undefined}>
      <TimeChoice slots={slots.data} chosen={start} onChoose={setStart} minutes={shownMinutes.current} />
    </div>
  );
});
