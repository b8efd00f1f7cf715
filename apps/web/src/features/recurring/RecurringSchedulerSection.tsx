import { DELAYS, formatMoney, PAGE_SIZES, type RecurringPayment, recurringPaymentPatch } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { DependantsDeleteDialog } from '../../lib/ui/DependantsDeleteDialog';
import { TextAreaField } from '../../lib/ui/FormFields';
import { hubCardClass } from '../../lib/ui/hubCard';
import { Pagination, pageCountOf } from '../../lib/ui/Pagination';
import { TextField } from '../../lib/ui/TextField';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { type ScheduleFilters, schedulesPageQuery, useDeleteSchedule, useUpdateSchedule } from './api';

/** Manage → Recurring Scheduler: searches by inquiry name, frequency and notes; 5 a page. */
export function RecurringSchedulerSection() {
  const headingId = useId();
  const [inquiryName, setInquiryName] = useState('');
  const [frequency, setFrequency] = useState('');
  const [notes, setNotes] = useState('');
  const [page, setPage] = useState(1);
  const typed: ScheduleFilters = {
    inquiry_name: inquiryName.trim(),
    frequency: frequency.trim(),
    notes: notes.trim(),
  };
  const filterKey = useDebouncedValue(JSON.stringify(typed), DELAYS.nameSearchDebounceMs);
  const filters = useMemo(() => JSON.parse(filterKey) as ScheduleFilters, [filterKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => setPage(1), [filterKey]);

  const query = useQuery(schedulesPageQuery(filters, page));
  const total = query.data?.total ?? 0;
  const pageCount = pageCountOf(total, PAGE_SIZES.recurringPayments);
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount]);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Recurring Scheduler
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search by Inquiry Name"
          type="search"
          placeholder="Inquiry name"
          value={inquiryName}
          onChange={(e) => setInquiryName(e.target.value)}
        />
        <TextField
          label="Search by Frequency"
          type="search"
          placeholder="Frequency"
          value={frequency}
          onChange={(e) => setFrequency(e.target.value)}
        />
        <TextField
          label="Search by Notes"
          type="search"
          placeholder="Notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      {query.isError && (
        <Alert tone="error">{failureMessage('Failed to fetch recurring payments.', query.error)}</Alert>
      )}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Loading recurring payments...
        </p>
      )}
      {query.data && (
        <>
          <p className="text-sm text-stone-600" aria-live="polite">
            {total === 0
              ? 'No recurring payment schedules match.'
              : `${total} recurring payment ${total === 1 ? 'schedule' : 'schedules'}`}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {query.data.items.map((schedule) => (
              <li key={schedule.id} className="min-w-0">
                <ScheduleCard schedule={schedule} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label="Recurring payments pages"
          />
        </>
      )}
    </section>
  );
}

function ScheduleCard({ schedule }: { schedule: RecurringPayment }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSchedule();

  if (editing) return <ScheduleEditForm schedule={schedule} onDone={() => setEditing(false)} />;
  return (
    <article className={hubCardClass} aria-label={`Recurring payment schedule for ${schedule.inquiry_name}`}>
      <h3 className="text-lg font-semibold break-words text-brand-950">{schedule.inquiry_name}</h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-medium text-stone-600">Amount</dt>
        <dd>{formatMoney(schedule.amount)}</dd>
        <dt className="font-medium text-stone-600">Frequency</dt>
        <dd className="break-words">{schedule.frequency || 'Not set'}</dd>
        <dt className="font-medium text-stone-600">Notes</dt>
        <dd className="break-words whitespace-pre-line">{schedule.notes || 'No notes'}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          aria-label={`Edit recurring payment schedule for ${schedule.inquiry_name}`}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setConfirming(true)}
          aria-label={`Delete recurring payment schedule for ${schedule.inquiry_name}`}
        >
          Delete
        </Button>
      </div>
      {confirming && (
        <DependantsDeleteDialog
          title="Delete recurring payment schedule?"
          question={
            <>
              Delete the {schedule.frequency ? `${schedule.frequency.toLowerCase()} ` : ''}schedule of{' '}
              <strong>{schedule.inquiry_name}</strong>? This cannot be undone.
            </>
          }
          everythingQuestion={
            <>
              Delete the schedule of <strong>{schedule.inquiry_name}</strong> together with its paid records?
              This cannot be undone.
            </>
          }
          failure="Failed to delete the recurring payment schedule."
          onDelete={(withDependants) => remove.mutateAsync({ id: schedule.id, withDependants })}
          onClose={() => setConfirming(false)}
        />
      )}
    </article>
  );
}

type EditValues = z.input<typeof recurringPaymentPatch>;
type EditOutput = z.output<typeof recurringPaymentPatch>;

function ScheduleEditForm({ schedule, onDone }: { schedule: RecurringPayment; onDone: () => void }) {
  const update = useUpdateSchedule();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(recurringPaymentPatch),
    defaultValues: {
      amount: schedule.amount.toFixed(2),
      frequency: schedule.frequency,
      notes: schedule.notes ?? '',
    },
  });

  const onSubmit = handleSubmit(({ amount, frequency, notes }) => {
    setError(null);
    update.mutate(
      { id: schedule.id, change: { amount, frequency, notes } },
      {
        onSuccess: onDone,
        onError: (err) => setError(failureMessage('Failed to update the recurring payment schedule.', err)),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${hubCardClass} space-y-3`}
      aria-label={`Edit recurring payment schedule for ${schedule.inquiry_name}`}
    >
      <h3 className="text-lg font-semibold break-words text-brand-950">{schedule.inquiry_name}</h3>
      <TextField
        label="Amount"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <TextField
        label="Frequency"
        placeholder="Frequency (e.g., Weekly, Monthly)"
        error={errors.frequency?.message}
        {...register('frequency')}
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
