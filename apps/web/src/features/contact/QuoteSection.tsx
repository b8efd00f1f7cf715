import { type Pricing, type PublicPricing, type QuoteFrequency, type QuoteInput, quote } from '@clean/shared';
import {
  memo,
  type RefObject,
  startTransition,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { HydratedPart } from '../../lib/hydration';
import { usePostedForm } from '../../lib/posted-form';
import { useSiteConfig } from '../../lib/site-config';
import { useOpenTimesFrom, usePricing, useSlots } from './api';
import { Estimate, QuoteFields } from './QuoteFields';
import { defaultMinutes, formSource, postedSource, type QuoteChoice, readQuoteChoice } from './quote-input';
import { TimeChoice } from './TimeChoice';

/** What sending the form needs of this section: the quote's inputs (when priced), the time, and a reset. */
export type QuoteState = {
  quote: QuoteInput | null;
  packageId: number | null;
  start: string;
  clearTime: () => void;
};

type Packages = ReadonlyArray<{ id: number; title: string; amount: number }>;

/** The choice's quote, or null when no package is chosen or none is priced. */
const quoteOf = (choice: QuoteChoice, pricing: Pricing | undefined, packages: Packages) =>
  choice.package_id && pricing
    ? quote(pricing, packages, { ...choice, package_id: choice.package_id })
    : null;

/** The visit the open times are offered for: its length and how often. */
const visitOf = (choice: QuoteChoice, pricing: Pricing | undefined, packages: Packages) => {
  const result = quoteOf(choice, pricing, packages);
  return {
    minutes: result?.ok ? result.quote.duration_minutes : defaultMinutes(pricing),
    frequency: choice.frequency,
  };
};

/**
 * The booking form's estimate and open times. A change of the estimate's inputs renders only `LiveEstimate` at
 * once (the contact fields and this section's own hooks stay still); the open times follow in a transition, and
 * only when the visit's length or frequency changed (`OpenTimes` is memoized): a price update fits in a frame on a
 * slow phone (`npm run bench:quote`).
 */
export function QuoteSection({
  stateRef,
  packages,
}: {
  stateRef: RefObject<QuoteState | null>;
  packages: Packages;
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
  // The choice as the estimate last saw it (read when the form is sent), and the one the times follow (a step
  // behind, in a transition: a price update never waits for them).
  const choice = useRef(first);
  const [timesChoice, setTimesChoice] = useState(first);
  const visit = visitOf(timesChoice, pricing, packages);
  const times = useRef<ChosenTime>(null);
  const onChoice = (next: QuoteChoice) => {
    choice.current = next;
    startTransition(() => setTimesChoice(next));
  };

  useImperativeHandle(
    stateRef,
    () => ({
      get quote() {
        const c = choice.current;
        return c.package_id && quoteOf(c, pricing, packages)?.ok ? { ...c, package_id: c.package_id } : null;
      },
      get packageId() {
        return choice.current.package_id;
      },
      get start() {
        return times.current?.start ?? '';
      },
      clearTime: () => times.current?.clearTime(),
    }),
    [pricing, packages],
  );

  return (
    <>
      {packages.length > 0 && (
        <LiveEstimate pricing={pricing} packages={packages} first={first} onChoice={onChoice} />
      )}
      {table && (
        // Its own part: the open times hydrate after the estimate (docs/performance.md).
        <HydratedPart>
          <OpenTimes
            minutes={visit.minutes}
            frequency={visit.frequency}
            firstStart={posted?.values.requested_start ?? ''}
            handleRef={times}
          />
        </HydratedPart>
      )}
    </>
  );
}

/**
 * The estimate's inputs and the estimate, following every change: the one part of the page a price update
 * renders. `onChoice` hands each new choice to the section (which moves the times in a transition).
 */
function LiveEstimate({
  pricing,
  packages,
  first,
  onChoice,
}: {
  pricing: PublicPricing | undefined;
  packages: Packages;
  first: QuoteChoice;
  onChoice: (choice: QuoteChoice) => void;
}) {
  const [choice, setChoice] = useState(first);
  const [live, setLive] = useState(false);
  // The controls are read from this fieldset, not the whole form: the form also holds hundreds of time radios.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const readForm = () => {
    if (!fieldset.current) return;
    const next = readQuoteChoice(formSource(fieldset.current));
    setChoice(next);
    onChoice(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page comes alive
  useEffect(() => {
    setLive(true);
    readForm();
  }, []);
  return (
    <fieldset ref={fieldset} className="space-y-5" onChange={readForm}>
      <legend className="sr-only">Your home</legend>
      <QuoteFields pricing={pricing} packages={packages} choice={first} />
      {pricing && <Estimate result={quoteOf(choice, pricing, packages)} seePrice={!live} tax={pricing.tax} />}
    </fieldset>
  );
}

type ChosenTime = { start: string; clearTime: () => void };

/**
 * The open times for the visit's length, with the time chosen. Memoized on the length and frequency, so a price
 * update that keeps them renders none of this: not its queries, not its hundreds of radios.
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
  const slots = useSlots(useOpenTimesFrom(timezone, minutes, frequency), minutes, frequency, true);
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
