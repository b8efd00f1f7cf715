import {
  DELAYS,
  dateTimeInput,
  formatDateTime,
  formatMoney,
  PAGE_SIZES,
  type RecurringPaid,
  recurringPaidInput,
  toWallTime,
} from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { TextAreaField } from '../../lib/ui/FormFields';
import { hubCardClass } from '../../lib/ui/hubCard';
import { Pagination, pageCountOf } from '../../lib/ui/Pagination';
import { TextField } from '../../lib/ui/TextField';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { paidPageQuery, useDeletePaid, useUpdatePaid } from './api';
import { DateListField } from './DateListField';

/** The paid dates of a record as ISO instants (the list, or the spec's joined string). */
export function paidDates(record: Pick<RecurringPaid, 'dates' | 'dates_related'>): string[] {
  if (Array.isArray(record.dates)) return record.dates;
  return (record.dates_related ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Manage → Recurring Paid Records: a name search (300 ms debounce), 5 a page. */
export function RecurringPaidSection() {
  const headingId = useId();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(name.trim(), DELAYS.nameSearchDebounceMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => setPage(1), [debounced]);

  const query = useQuery(paidPageQuery(debounced, page));
  const total = query.data?.total ?? 0;
  const pageCount = pageCountOf(total, PAGE_SIZES.recurringPaid);
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount]);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Recurring Paid Records
      </h2>
      <TextField
        label="Search Paid Records by Name"
        type="search"
        placeholder="Search by name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        className="max-w-md"
      />
      {query.isError && (
        <Alert tone="error">{failureMessage('Failed to fetch recurring paid records.', query.error)}</Alert>
      )}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Loading recurring paid records...
        </p>
      )}
      {query.data && (
        <>
          <p className="text-sm text-stone-600" aria-live="polite">
            {total === 0
              ? 'No recurring paid records match.'
              : `${total} recurring paid ${total === 1 ? 'record' : 'records'}`}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {query.data.items.map((record) => (
              <li key={record.id} className="min-w-0">
                <PaidCard record={record} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label="Recurring paid records pages"
          />
        </>
      )}
    </section>
  );
}

function PaidCard({ record }: { record: RecurringPaid }) {
  const { timezone } = useSiteConfig();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeletePaid();
  const dates = paidDates(record);

  if (editing) return <PaidEditForm record={record} onDone={() => setEditing(false)} />;
  return (
    <article
      className={hubCardClass}
      aria-label={`Recurring paid record for ${record.recurring_payment_name}`}
    >
      <h3 className="text-lg font-semibold break-words text-brand-950">{record.recurring_payment_name}</h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-medium text-stone-600">Amount Paid</dt>
        <dd>{formatMoney(record.amount_paid)}</dd>
        <dt className="font-medium text-stone-600">Dates</dt>
        <dd>
          {dates.length === 0 ? (
            'No dates'
          ) : (
            <ul className="space-y-0.5">
              {dates.map((iso) => (
                <li key={iso}>{formatDateTime(iso, timezone)}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="font-medium text-stone-600">Notes</dt>
        <dd className="break-words whitespace-pre-line">{record.notes || 'No notes'}</dd>
        <dt className="font-medium text-stone-600">Recorded</dt>
        <dd>{formatDateTime(record.submitted_at, timezone)}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          aria-label={`Edit recurring paid record for ${record.recurring_payment_name}`}
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
          aria-label={`Delete recurring paid record for ${record.recurring_payment_name}`}
        >
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete recurring paid record?"
        confirmLabel="Delete"
        busy={remove.isPending}
        error={deleteError}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(record.id, {
            onSuccess: () => setConfirming(false),
            onError: (err) =>
              setDeleteError(failureMessage('Failed to delete the recurring paid record.', err)),
          })
        }
      >
        <p>
          Delete the {formatMoney(record.amount_paid)} payment of{' '}
          <strong>{record.recurring_payment_name}</strong>? This cannot be undone.
        </p>
      </ConfirmDialog>
    </article>
  );
}

/** The edit form's own shape (a list of {value} rows), built from the shared field rules. */
const paidEditSchema = z.object({
  dates: z.array(z.object({ value: z.union([z.literal(''), dateTimeInput('Each paid date')]) })),
  amount_paid: recurringPaidInput.shape.amount_paid,
  notes: recurringPaidInput.shape.notes,
});
type EditValues = z.input<typeof paidEditSchema>;
type EditOutput = z.output<typeof paidEditSchema>;

function PaidEditForm({ record, onDone }: { record: RecurringPaid; onDone: () => void }) {
  const { timezone } = useSiteConfig();
  const update = useUpdatePaid();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(paidEditSchema),
    defaultValues: {
      dates: paidDates(record).map((iso) => ({ value: toWallTime(iso, timezone) })),
      amount_paid: record.amount_paid.toFixed(2),
      notes: record.notes ?? '',
    },
  });

  const onSubmit = handleSubmit(({ dates, amount_paid, notes }) => {
    setError(null);
    const change = { dates_related: dates.map((d) => d.value).filter(Boolean), amount_paid, notes };
    update.mutate(
      { id: record.id, change },
      {
        onSuccess: onDone,
        onError: (err) => setError(failureMessage('Failed to update the recurring paid record.', err)),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${hubCardClass} space-y-3`}
      aria-label={`Edit recurring paid record for ${record.recurring_payment_name}`}
    >
      <h3 className="text-lg font-semibold break-words text-brand-950">{record.recurring_payment_name}</h3>
      <DateListField control={control} register={register} errors={errors.dates} timezone={timezone} />
      <TextField
        label="Amount Paid:"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        error={errors.amount_paid?.message}
        {...register('amount_paid')}
      />
      <DiscountButtons
        label="Discounts on the amount paid"
        getAmount={() => getValues('amount_paid') as string}
        onApply={(value) => setValue('amount_paid', value, { shouldDirty: true })}
      />
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
