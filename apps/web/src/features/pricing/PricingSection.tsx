import {
  formatMoney,
  MAX_EXTRAS,
  type Package,
  type Pricing,
  QUOTE_FREQUENCIES,
  QUOTE_FREQUENCY_LABELS,
  type QuoteFrequency,
  quote,
} from '@clean/shared';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { formatMinutes } from '../../lib/duration';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { CheckboxField, MoneyField, Options, SelectField } from '../../lib/ui/FormFields';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { TextField } from '../../lib/ui/TextField';
import { type SaveStatusState, useSaveStatus } from '../../lib/useSaveStatus';
import { usePackages } from '../packages/api';
import { usePricing, useSavePricing } from './api';
import {
  checkDraft,
  draftOf,
  type ExtraDraft,
  newExtraId,
  type PricingDraft,
  type PricingErrors,
  suggestKey,
} from './draft';
import { PackagePrices } from './PackagePrices';

const card = 'space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6';
const minutesProps = { type: 'number', inputMode: 'numeric', min: 0, max: 720, step: 5 } as const;

/**
 * Pricing (hub): the price table the booking form quotes from — each package's base length, the price and minutes
 * of each bedroom and bathroom past the first, the extras, the discounts per frequency and the minimum — beside an
 * example quote worked out by the same function the form and the server use, as the owner types.
 */
export function PricingSection() {
  const headingId = useId();
  const status = useSaveStatus();
  const pricing = usePricing();
  const packages = usePackages();
  const failed = pricing.isError || packages.isError;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-2xl font-bold text-brand-950">
          Pricing
        </h2>
        <p className="text-stone-700">
          What the booking form quotes. A package’s own price covers one bedroom and one bathroom.
        </p>
      </div>
      {failed && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{failureMessage('Failed to load the price table.', pricing.error ?? packages.error)}</span>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => Promise.all([pricing.refetch(), packages.refetch()])}
          >
            Try again
          </Button>
        </Alert>
      )}
      {!failed && (pricing.isPending || packages.isPending) && (
        <p role="status" className="text-stone-600">
          Loading the price table...
        </p>
      )}
      {pricing.isSuccess && packages.isSuccess && (
        // Keyed by the saved table: a save (or another device's, on refetch) starts the draft afresh.
        <PricingForm
          key={JSON.stringify([pricing.data, packages.data.map((p) => p.id)])}
          saved={pricing.data}
          packages={packages.data}
          headingId={headingId}
          status={status}
        />
      )}
      <SaveStatus state={status} />
      {packages.isSuccess && (
        <div className={card}>
          <PackagePrices packages={packages.data} />
        </div>
      )}
    </section>
  );
}

function PricingForm({
  saved,
  packages,
  headingId,
  status,
}: {
  saved: Pricing | null;
  packages: Package[];
  headingId: string;
  status: SaveStatusState;
}) {
  const [draft, setDraft] = useState<PricingDraft>(() => draftOf(saved, packages));
  // Problems show once the owner has tried to save, then follow each change.
  const [tried, setTried] = useState(false);
  const save = useSavePricing();
  const addButton = useRef<HTMLButtonElement>(null);
  const checked = useMemo(() => checkDraft(draft, packages), [draft, packages]);
  const errors: PricingErrors = tried && !checked.ok ? checked.errors : {};

  const change = (next: (d: PricingDraft) => PricingDraft) => setDraft(next);
  const bind = (
    key: 'bedroomAmount' | 'bedroomMinutes' | 'bathroomAmount' | 'bathroomMinutes' | 'minimum',
  ) => ({
    value: draft[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      change((d) => ({ ...d, [key]: value }));
    },
  });
  const setExtra = (id: string, patch: (e: ExtraDraft, others: string[]) => Partial<ExtraDraft>) =>
    change((d) => ({
      ...d,
      extras: d.extras.map((e) =>
        e.id === id
          ? {
              ...e,
              ...patch(
                e,
                d.extras.filter((o) => o.id !== id).map((o) => o.key),
              ),
            }
          : e,
      ),
    }));

  function addExtra() {
    const id = newExtraId();
    change((d) => ({
      ...d,
      extras: [...d.extras, { id, name: '', key: '', amount: '', minutes: '0', saved: false }],
    }));
    // Straight to the new row's name: the next thing the owner types.
    requestAnimationFrame(() => document.getElementById(`${id}-name`)?.focus());
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!checked.ok) {
      status.show(null);
      // To the first field in trouble, so a keyboard or screen reader user lands on it.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[data-pricing-form] [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const pricing = checked.pricing;
    status.attempt(
      async () => {
        await save.mutateAsync(pricing);
        return 'Saved the prices. The booking form quotes them now.';
      },
      (err) => failureMessage('The prices could not be saved.', err),
    );
  }

  const formProblem = errors.form ?? errors.extras ?? errors.packages;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        data-pricing-form
        aria-labelledby={headingId}
        noValidate
        onSubmit={onSubmit}
        className="min-w-0 space-y-6"
      >
        {/* Before the owner's first save the server answers a table with no package in it. */}
        {(saved === null || saved.packages.length === 0) && (
          <Alert tone="info">
            No price table yet: fill it in and save, and the booking form shows prices.
          </Alert>
        )}
        <Group title="Packages">
          <p className="text-sm text-stone-600">
            How long each package takes for one bedroom and one bathroom. Leave it empty to keep a package off
            the online quote.
          </p>
          {packages.length === 0 ? (
            <p className="text-stone-700">
              No packages yet. Add one on the Packages page; its price is the base of the quote.
            </p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {packages.map((p) => (
                <li
                  key={p.id}
                  className="grid grid-cols-[minmax(0,1fr)_7.5rem] items-center gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_10rem]"
                >
                  <p className="min-w-0">
                    <span className="block font-semibold [overflow-wrap:anywhere] text-stone-900">
                      {p.title}
                    </span>
                    <span className="text-sm text-stone-600">{formatMoney(p.amount)} base price</span>
                  </p>
                  <TextField
                    label="Base minutes"
                    aria-label={`${p.title}: base minutes`}
                    {...minutesProps}
                    min={15}
                    placeholder="Not online"
                    value={draft.baseMinutes[p.id] ?? ''}
                    error={errors[`base:${p.id}`]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      change((d) => ({ ...d, baseMinutes: { ...d.baseMinutes, [p.id]: value } }));
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </Group>

        <Group title="Rooms past the first">
          <div className="grid grid-cols-2 gap-4">
            <MoneyField
              label="Per bedroom ($)"
              {...bind('bedroomAmount')}
              error={errors['per_bedroom.amount']}
            />
            <TextField
              label="Per bedroom (minutes)"
              {...minutesProps}
              {...bind('bedroomMinutes')}
              error={errors['per_bedroom.minutes']}
            />
            <MoneyField
              label="Per bathroom ($)"
              {...bind('bathroomAmount')}
              error={errors['per_bathroom.amount']}
            />
            <TextField
              label="Per bathroom (minutes)"
              {...minutesProps}
              {...bind('bathroomMinutes')}
              error={errors['per_bathroom.minutes']}
            />
          </div>
        </Group>

        <Group title="Extras">
          {draft.extras.length === 0 && <p className="text-stone-600">No extras yet.</p>}
          <ul className="space-y-3">
            {draft.extras.map((extra, index) => (
              <ExtraRow
                key={extra.id}
                extra={extra}
                number={index + 1}
                errors={errors}
                onChange={(patch) => setExtra(extra.id, patch)}
                onRemove={() => {
                  change((d) => ({ ...d, extras: d.extras.filter((e) => e.id !== extra.id) }));
                  addButton.current?.focus();
                }}
              />
            ))}
          </ul>
          {errors.extras && <p className="text-sm text-red-700">{errors.extras}</p>}
          <Button
            ref={addButton}
            variant="secondary"
            disabled={draft.extras.length >= MAX_EXTRAS}
            onClick={addExtra}
          >
            Add an extra
          </Button>
          {draft.extras.length >= MAX_EXTRAS && (
            <p className="text-sm text-stone-600">At most {MAX_EXTRAS} extras.</p>
          )}
        </Group>

        <Group title="Discounts and minimum">
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {QUOTE_FREQUENCIES.map((f) => (
              <TextField
                key={f}
                label={`${QUOTE_FREQUENCY_LABELS[f]} (%)`}
                type="number"
                inputMode="decimal"
                min={0}
                max={90}
                step="0.01"
                value={draft.discounts[f]}
                error={errors[`frequency_discounts.${f}`]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  change((d) => ({ ...d, discounts: { ...d.discounts, [f]: value } }));
                }}
              />
            ))}
          </div>
          <MoneyField
            label="Minimum visit price ($)"
            className="sm:max-w-60"
            hint="No quote comes out below it."
            {...bind('minimum')}
            error={errors.minimum}
          />
        </Group>

        {tried && !checked.ok && (
          <Alert tone="error">{formProblem ?? 'Some prices need a look: see the marked fields.'}</Alert>
        )}
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save prices'}
        </Button>
      </form>
      <ExampleQuote checked={checked} draft={draft} packages={packages} />
    </div>
  );
}

/** One part of the table: a card whose legend is its visible heading. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={card}>
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-lg font-semibold text-brand-950">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

const NAME_WITHOUT_KEY = 'Give the extra a name with letters or digits.';

/**
 * One extra: its name, price and minutes. Its key (what requests and quotes store) comes from the name, made
 * unique; a saved extra keeps its key when renamed, as past requests name it.
 */
function ExtraRow({
  extra,
  number,
  errors,
  onChange,
  onRemove,
}: {
  extra: ExtraDraft;
  number: number;
  errors: PricingErrors;
  onChange: (patch: (e: ExtraDraft, others: string[]) => Partial<ExtraDraft>) => void;
  onRemove: () => void;
}) {
  const name = extra.name.trim() || `Extra ${number}`;
  const error = (field: string) => errors[`extras.${extra.id}.${field}`];
  return (
    <li className="rounded-xl border border-stone-200 p-3">
      <fieldset className="min-w-0">
        <legend className="sr-only">{name}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
          <TextField
            id={`${extra.id}-name`}
            className="col-span-2 sm:col-span-1"
            label="Name"
            maxLength={60}
            value={extra.name}
            // The key comes from the name: a name that gives none (only signs) is the name's problem.
            error={error('name') ?? (error('key') ? NAME_WITHOUT_KEY : undefined)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange((current, others) =>
                current.saved ? { name: value } : { name: value, key: suggestKey(value, others) },
              );
            }}
          />
          <MoneyField
            label="Price ($)"
            value={extra.amount}
            error={error('amount')}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(() => ({ amount: value }));
            }}
          />
          <TextField
            label="Minutes"
            {...minutesProps}
            value={extra.minutes}
            error={error('minutes')}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(() => ({ minutes: value }));
            }}
          />
          <Button
            variant="ghost"
            className="col-span-2 justify-self-end px-3 sm:col-span-1 sm:mt-6 sm:self-start sm:justify-self-auto"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

type Example = {
  packageId: number | null;
  bedrooms: string;
  bathrooms: string;
  extras: string[];
  frequency: QuoteFrequency;
};

const ROOM_CHOICES = Array.from({ length: 7 }, (_, i) => String(i + 1));

/** What a visitor would be quoted, from the table as typed (not yet saved): the same `quote()` as the form. */
function ExampleQuote({
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
              <>
                <table className="w-full text-sm">
                  <caption className="sr-only">The quote, line by line</caption>
                  <tbody>
                    {result.quote.lines.map((line) => (
                      <tr key={line.label}>
                        <th scope="row" className="py-0.5 pr-2 text-left font-normal text-stone-700">
                          {line.label}
                        </th>
                        <td className="py-0.5 text-right whitespace-nowrap tabular-nums text-stone-900">
                          {formatMoney(line.amount)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="mt-3 flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-brand-950">Estimate</span>
                  <span
                    className="text-2xl font-bold tabular-nums text-brand-900"
                    data-testid="example-amount"
                  >
                    {formatMoney(result.quote.amount)}
                  </span>
                </p>
                <p className="text-right text-sm text-stone-600">
                  About {formatMinutes(result.quote.duration_minutes)}
                </p>
              </>
            ) : (
              <p className="text-stone-700">{result?.error}</p>
            )}
          </div>
        </>
      )}
    </aside>
  );
}
