import {
  formatMoney,
  type Pricing,
  type PublicTax,
  QUOTE_FREQUENCIES,
  QUOTE_FREQUENCY_LABELS,
  type QuotePackage,
  type QuoteResult,
  type TaxedQuote,
  withTax,
} from '@clean/shared';
import { memo } from 'react';
import { CheckboxField, Options, SelectField } from '../../lib/ui/FormFields';
import { formatMinutes, MAX_ROOMS_OFFERED, type QuoteChoice } from './quote-input';

const ROOM_OPTIONS = Array.from({ length: MAX_ROOMS_OFFERED }, (_, i) => String(i + 1));

/**
 * The estimate's inputs (package, rooms, extras, how often) as plain named form controls: the browser reads them
 * on every change (the parent's `onChange` on the fieldset) and a "See price" GET sends them without script.
 * Uncontrolled (`choice` is only the first values), so what a visitor chose before the code arrived stays chosen,
 * and memoized: a change re-renders the estimate, not the controls.
 */
export const QuoteFields = memo(function QuoteFields({
  pricing,
  packages,
  choice,
}: {
  pricing: Pricing | undefined;
  packages: readonly QuotePackage[];
  choice: QuoteChoice;
}) {
  return (
    <>
      <SelectField
        label={pricing ? 'Package' : 'Package (optional)'}
        name="package_id"
        defaultValue={choice.package_id ? String(choice.package_id) : ''}
      >
        <option value="">Not sure yet</option>
        <Options values={packages.map((pkg) => ({ value: String(pkg.id), label: pkg.title }))} />
      </SelectField>
      {pricing && (
        <>
          <div className="grid grid-cols-2 gap-5">
            <SelectField label="Bedrooms" name="bedrooms" defaultValue={String(choice.bedrooms)}>
              <Options values={ROOM_OPTIONS} />
            </SelectField>
            <SelectField label="Bathrooms" name="bathrooms" defaultValue={String(choice.bathrooms)}>
              <Options values={ROOM_OPTIONS} />
            </SelectField>
          </div>
          {pricing.extras.length > 0 && (
            <fieldset>
              <legend className="text-sm font-medium text-stone-800">Extras</legend>
              <div className="mt-1 grid gap-x-5 sm:grid-cols-2">
                {pricing.extras.map((extra) => (
                  <CheckboxField
                    key={extra.key}
                    name="extras"
                    value={extra.key}
                    defaultChecked={choice.extras.includes(extra.key)}
                    label={`${extra.name} (+${formatMoney(extra.amount)})`}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <SelectField label="How often?" name="frequency" defaultValue={choice.frequency}>
            <Options
              values={QUOTE_FREQUENCIES.map((f) => {
                const off = pricing.frequency_discounts[f];
                return {
                  value: f,
                  label: off ? `${QUOTE_FREQUENCY_LABELS[f]} (${off}% off)` : QUOTE_FREQUENCY_LABELS[f],
                };
              })}
            />
          </SelectField>
        </>
      )}
    </>
  );
});

/** The estimate as the visitor changes the inputs: amount, its lines and the visit's length. */
/** "+ $9.53 CT sales tax = $159.53", or "including $8.96 CT sales tax": the same function the server quotes with. */
function TaxLine({ taxed }: { taxed: TaxedQuote }) {
  return (
    <p className="text-right text-sm" data-testid="estimate-tax">
      {taxed.prices_include_tax
        ? `including ${formatMoney(taxed.tax)} ${taxed.tax_label}`
        : `+ ${formatMoney(taxed.tax)} ${taxed.tax_label} = ${formatMoney(taxed.total)}`}
    </p>
  );
}

export function Estimate({
  result,
  seePrice,
  tax,
}: {
  result: QuoteResult | null;
  seePrice: boolean;
  /** Absent only in the moment after the owner saves the table in the hub (its answer carries no tax). */
  tax: PublicTax | undefined;
}) {
  return (
    <div className="rounded-xl bg-brand-50 px-4 py-3 text-stone-800">
      <div aria-live="polite" aria-atomic="true">
        {!result ? (
          <p className="text-sm">Choose a package to see an estimate.</p>
        ) : !result.ok ? (
          <p className="text-sm">{result.error} We’ll quote it after a short chat.</p>
        ) : (
          <p className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span className="text-sm font-medium">Estimate</span>
            <span>
              <strong className="text-2xl font-semibold text-brand-900" data-testid="estimate-amount">
                {formatMoney(result.quote.amount)}
              </strong>{' '}
              <span className="text-sm">· about {formatMinutes(result.quote.duration_minutes)}</span>
            </span>
          </p>
        )}
        {result?.ok && tax && <TaxLine taxed={withTax(result.quote, tax)} />}
      </div>
      {result?.ok && (
        <ul className="mt-2 space-y-0.5 text-sm text-stone-700" aria-label="How the estimate adds up">
          {result.quote.lines.map((line, i) => (
            // By place, not label: "1 more bedroom" becoming "2 more bedrooms" updates a row's text rather than
            // replacing the row (rows hold no state).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="flex justify-between gap-4">
              <span>{line.label}</span>
              <span className="tabular-nums">{formatMoney(line.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {seePrice && (
        // Without script the estimate cannot follow the choices: this sends them back to the page (GET), which
        // the server renders again with the estimate and the open times for that length.
        <button
          type="submit"
          formAction="/contact"
          formMethod="get"
          formNoValidate
          className="mt-3 min-h-11 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          See price
        </button>
      )}
    </div>
  );
}
