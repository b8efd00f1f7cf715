import {
  type Package,
  QUOTE_FREQUENCIES,
  QUOTE_FREQUENCY_LABELS,
  type QuoteFrequency,
  quote,
} from '@clean/shared';
import { useId, useState } from 'react';
import { CheckboxField, Options, SelectField } from '../../lib/ui/FormFields';
import type { checkDraft, PricingDraft } from './draft';
import { QuoteLines } from './QuoteLines';
import { card } from './ui';

type Example = {
  packageId: number | null;
  bedrooms: string;
  bathrooms: string;
  extras: string[];
  frequency: QuoteFrequency;
};

const ROOM_CHOICES = Array.from({ length: 7 }, (_, i) => String(i + 1));

/** What a visitor would be quoted, from the table as typed (not yet saved): the same `quote()` as the form. */
export function ExampleQuote({
  checked,
  draft,
  packages,
}: {
  checked: ReturnType<typeof checkDraft>;
  draft: PricingDraft;
  packages: Package[];
}) {
  const headingId = useId();
  const [example, setExample] = useState<Example>({
    packageId: null,
    bedrooms: '3',
    bathrooms: '2',
    extras: [],
    frequency: 'one_time',
  });
  const priced = packages.filter((p) => (draft.baseMinutes[p.id] ?? '').trim() !== '');
  const packageId = priced.some((p) => p.id === example.packageId)
    ? example.packageId
    : (priced[0]?.id ?? null);
  const extras = checked.ok ? checked.pricing.extras : [];
  const chosen = example.extras.filter((k) => extras.some((e) => e.key === k));
  const result =
    checked.ok && packageId !== null
      ? quote(checked.pricing, packages, {
          package_id: packageId,
          bedrooms: Number(example.bedrooms),
          bathrooms: Number(example.bathrooms),
          extras: chosen,
          frequency: example.frequency,
        })
      : null;

  return (
    <aside aria-labelledby={headingId} className={`${card} lg:sticky lg:top-4`}>
      <h3 id={headingId} className="text-lg font-semibold text-brand-950">
        Example quote
      </h3>
      {priced.length === 0 ? (
        <p className="text-stone-700">Give a package its base minutes to see a quote.</p>
      ) : (
        <>
          <SelectField
            label="Package"
            value={String(packageId)}
            onChange={(e) => {
              const value = Number(e.currentTarget.value);
              setExample((x) => ({ ...x, packageId: value }));
            }}
          >
            <Options values={priced.map((p) => ({ value: String(p.id), label: p.title }))} />
          </SelectField>
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label="Bedrooms"
              value={example.bedrooms}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setExample((x) => ({ ...x, bedrooms: value }));
              }}
            >
              <Options values={ROOM_CHOICES} />
            </SelectField>
            <SelectField
              label="Bathrooms"
              value={example.bathrooms}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setExample((x) => ({ ...x, bathrooms: value }));
              }}
            >
              <Options values={ROOM_CHOICES} />
            </SelectField>
          </div>
          <SelectField
            label="How often"
            value={example.frequency}
            onChange={(e) => {
              const value = e.currentTarget.value as QuoteFrequency;
              setExample((x) => ({ ...x, frequency: value }));
            }}
          >
            <Options
              values={QUOTE_FREQUENCIES.map((f) => ({ value: f, label: QUOTE_FREQUENCY_LABELS[f] }))}
            />
          </SelectField>
          {extras.length > 0 && (
            <fieldset className="min-w-0">
              <legend className="text-sm font-medium text-stone-800">Extras</legend>
              {extras.map((e) => (
                <CheckboxField
                  key={e.key}
                  label={e.name}
                  checked={chosen.includes(e.key)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setExample((x) => ({
                      ...x,
                      extras: on ? [...x.extras, e.key] : x.extras.filter((k) => k !== e.key),
                    }));
                  }}
                />
              ))}
            </fieldset>
          )}
          <div aria-live="polite" className="border-t border-stone-200 pt-3">
            {!checked.ok ? (
              <p className="text-stone-700">Fix the marked prices to see the quote.</p>
            ) : result?.ok ? (
              <QuoteLines quote={result.quote} />
            ) : (
              <p className="text-stone-700">{result?.error}</p>
            )}
          </div>
        </>
      )}
    </aside>
  );
}
