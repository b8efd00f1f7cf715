import {
  MAX_EXTRAS,
  type Package,
  type Pricing,
  QUOTE_FREQUENCIES,
  QUOTE_FREQUENCY_LABELS,
} from '@clean/shared';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { MoneyField } from '../../lib/ui/FormFields';
import { TextField } from '../../lib/ui/TextField';
import type { SaveStatusState } from '../../lib/useSaveStatus';
import { useSavePricing } from './api';
import { BaseMinutes } from './BaseMinutes';
import {
  checkDraft,
  draftOf,
  type ExtraDraft,
  newExtraId,
  type PricingDraft,
  type PricingErrors,
} from './draft';
import { ExampleQuote } from './ExampleQuote';
import { ExtraRow } from './ExtraRow';
import { Group } from './Group';
import { minutesProps } from './ui';

/**
 * The price table as the owner edits it: a draft checked on every change, its problems shown once a save was
 * tried, saved whole; the example quote beside it prices the draft.
 */
export function PricingForm({
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
        <BaseMinutes
          packages={packages}
          draft={draft}
          errors={errors}
          onChange={(id, value) => change((d) => ({ ...d, baseMinutes: { ...d.baseMinutes, [id]: value } }))}
        />

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
