import { formatMoney, type Quote } from '@clean/shared';
import { formatMinutes } from '../../lib/duration';
import { QuoteLineRows } from '../../lib/ui/QuoteLineRows';

/** A quote line by line, its estimate and its length, as the example shows it. */
export function QuoteLines({ quote }: { quote: Quote }) {
  return (
    <>
      <table className="w-full text-sm">
        <caption className="sr-only">The quote, line by line</caption>
        <QuoteLineRows lines={quote.lines} />
      </table>
      <p className="mt-3 flex items-baseline justify-between gap-2">
        <span className="font-semibold text-brand-950">Estimate</span>
        <span className="text-2xl font-bold tabular-nums text-brand-900" data-testid="example-amount">
          {formatMoney(quote.amount)}
        </span>
      </p>
      <p className="text-right text-sm text-stone-600">About {formatMinutes(quote.duration_minutes)}</p>
    </>
  );
}
