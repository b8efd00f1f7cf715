import { formatMoney, QUOTE_FREQUENCY_LABELS, type Quote, type QuoteFrequency } from '@clean/shared';
import { formatMinutes } from '../duration';
import { cx } from './cx';
import { QuoteLineRows } from './QuoteLineRows';

/**
 * A quote as the server priced it: each line, the estimate, the visit's length and how often. Used by the
 * inquiry's card and the Agenda's request panel, so the owner reads one layout wherever a price shows.
 */
export function QuoteSummary({
  quote,
  frequency,
  className,
}: {
  quote: Quote;
  frequency?: QuoteFrequency | null;
  className?: string;
}) {
  return (
    <div className={cx('rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm', className)}>
      <table className="w-full">
        <caption className="sr-only">Quote, line by line</caption>
        <QuoteLineRows lines={quote.lines} />
        <tfoot>
          <tr className="border-t border-stone-300">
            <th scope="row" className="pt-1.5 pr-2 text-left font-semibold text-brand-950">
              Quoted
            </th>
            <td className="pt-1.5 text-right font-bold whitespace-nowrap text-brand-900 tabular-nums">
              {formatMoney(quote.amount)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-1 text-stone-600">
        About {formatMinutes(quote.duration_minutes)}
        {frequency ? ` · ${QUOTE_FREQUENCY_LABELS[frequency]}` : ''}
      </p>
    </div>
  );
}
