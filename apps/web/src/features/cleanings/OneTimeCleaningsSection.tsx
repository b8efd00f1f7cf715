import {
  DELAYS,
  formatDateTime,
  formatMoney,
  type OneTimeCleaning,
  oneTimeCleaningPatch,
  PAGE_SIZES,
  toWallTime,
} from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { CheckboxField, TextAreaField } from '../../lib/ui/FormFields';
import { hubCardClass } from '../../lib/ui/hubCard';
import { Pagination, pageCountOf } from '../../lib/ui/Pagination';
import { TextField } from '../../lib/ui/TextField';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { oneTimeCleaningsPageQuery, useDeleteOneTimeCleaning, useUpdateOneTimeCleaning } from './api';

/** Manage → One-time cleanings: one search box (inquiry name, notes, or the word "paid"), 5 a page. */
export function OneTimeCleaningsSection() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), DELAYS.nameSearchDebounceMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => setPage(1), [debounced]);

  const query = useQuery(oneTimeCleaningsPageQuery(debounced, page));
  const total = query.data?.total ?? 0;
  const pageCount = pageCountOf(total, PAGE_SIZES.oneTimeCleanings);
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount]);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        One-Time Cleanings
      </h2>
      <TextField
        label="Search One-Time Cleanings"
        type="search"
        placeholder="Search by inquiry name, notes or 'paid'"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="max-w-md"
      />
      {query.isError && (
        <Alert tone="error">{failureMessage('Failed to fetch one-time cleanings.', query.error)}</Alert>
      )}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Loading one-time cleanings...
        </p>
      )}
      {query.data && (
        <>
          <p className="text-sm text-stone-600" aria-live="polite">
            {total === 0
              ? 'No one-time cleanings match.'
              : `${total} one-time ${total === 1 ? 'cleaning' : 'cleanings'}`}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {query.data.items.map((cleaning) => (
              <li key={cleaning.id} className="min-w-0">
                <OneTimeCleaningCard cleaning={cleaning} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label="One-time cleanings pages"
          />
        </>
      )}
    </section>
  );
}

function OneTimeCleaningCard({ cleaning }: { cleaning: OneTimeCleaning }) {
  const { timezone } = useSiteConfig();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteOneTimeCleaning();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (editing) return <OneTimeCleaningEditForm cleaning={cleaning} onDone={() => setEditing(false)} />;
  return (
    <article className={hubCardClass} aria-label={`One-time cleaning for ${cleaning.inquiry_name}`}>
      <h3 className="text-lg font-semibold break-words text-brand-950">{cleaning.inquiry_name}</h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-medium text-stone-600">Date</dt>
        <dd>{formatDateTime(cleaning.date_time, timezone)}</dd>
        <dt className="font-medium text-stone-600">Amount</dt>
        <dd>{formatMoney(cleaning.amount)}</dd>
        <dt className="font-medium text-stone-600">Paid</dt>
        <dd>{cleaning.paid ? 'Yes' : 'No'}</dd>
        <dt className="font-medium text-stone-600">Notes</dt>
        <dd className="break-words whitespace-pre-line">{cleaning.notes || 'No notes'}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          aria-label={`Edit one-time cleaning for ${cleaning.inquiry_name}`}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => {
            setDeleteError(null);
            setConfirming(true);
          }}
          aria-label={`Delete one-time cleaning for ${cleaning.inquiry_name}`}
        >
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete one-time cleaning?"
        confirmLabel="Delete"
        busy={remove.isPending}
        error={deleteError}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(cleaning.id, {
            onSuccess: () => setConfirming(false),
            onError: (err) => setDeleteError(failureMessage('Failed to delete the one-time cleaning.', err)),
          })
        }
      >
        <p>
          Delete the cleaning for <strong>{cleaning.inquiry_name}</strong> on{' '}
          {formatDateTime(cleaning.date_time, timezone)}? This cannot be undone.
        </p>
      </ConfirmDialog>
    </article>
  );
}

type EditValues = z.input<typeof oneTimeCleaningPatch>;
type EditOutput = z.output<typeof oneTimeCleaningPatch>;

function OneTimeCleaningEditForm({ cleaning, onDone }: { cleaning: OneTimeCleaning; onDone: () => void }) {
  const { timezone } = useSiteConfig();
  const update = useUpdateOneTimeCleaning();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(oneTimeCleaningPatch),
    defaultValues: {
      amount: cleaning.amount.toFixed(2),
      date_time: toWallTime(cleaning.date_time, timezone),
      paid: cleaning.paid,
      notes: cleaning.notes ?? '',
    },
  });

  const onSubmit = handleSubmit(({ amount, date_time, paid, notes }) => {
    setError(null);
    update.mutate(
      { id: cleaning.id, change: { amount, date_time, paid, notes } },
      {
        onSuccess: onDone,
        onError: (err) => setError(failureMessage('Failed to update the one-time cleaning.', err)),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${hubCardClass} space-y-3`}
      aria-label={`Edit one-time cleaning for ${cleaning.inquiry_name}`}
    >
      <h3 className="text-lg font-semibold break-words text-brand-950">{cleaning.inquiry_name}</h3>
      <TextField
        label="Amount"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <DiscountButtons
        label="Discounts on the amount"
        getAmount={() => getValues('amount') as string}
        onApply={(value) => setValue('amount', value, { shouldDirty: true })}
      />
      <TextField
        label="Date and Time"
        type="datetime-local"
        hint={`Business time (${timezone}).`}
        error={errors.date_time?.message}
        {...register('date_time')}
      />
      <CheckboxField label="Paid" {...register('paid')} />
      <TextAreaField
        label="Notes"
        placeholder="Notes (optional)"
        error={errors.notes?.message}
        {...register('notes')}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
