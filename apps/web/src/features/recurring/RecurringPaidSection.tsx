import {
  dateTimeInput,
  formatDateTime,
  formatMoney,
  PAGE_SIZES,
  type RecurringPaid,
  recurringPaidInput,
  toWallTime,
} from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { countLine } from '../../lib/countLine';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { DeleteDialog } from '../../lib/ui/DeleteDialog';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { DownloadCsvButton } from '../../lib/ui/DownloadCsvButton';
import { MoneyField, NotesField } from '../../lib/ui/FormFields';
import { CardActions, Fact, Facts, HubCard, NotesFact } from '../../lib/ui/HubCard';
import { HubEditForm } from '../../lib/ui/HubEditForm';
import { PagedList } from '../../lib/ui/PagedList';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { SearchField } from '../../lib/ui/SearchField';
import { useCardEdit } from '../../lib/useCardEdit';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { useSubmit } from '../../lib/useSubmit';
import { paidPageQueryOptions, useDeletePaid, useUpdatePaid } from './api';
import { DateListField } from './DateListField';

/** The paid dates of a record as ISO instants (the list, or the original joined string). */
export function paidDates(record: Pick<RecurringPaid, 'dates' | 'dates_related'>): string[] {
  if (Array.isArray(record.dates)) return record.dates;
  return (record.dates_related ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Manage → Recurring Paid Records: a name search (300 ms debounce), 5 a page. */
export function RecurringPaidSection() {
  const [name, setName] = useState('');
  const paged = usePagedSearch(name.trim(), paidPageQueryOptions, PAGE_SIZES.recurringPaid);
  return (
    <PagedList
      title="Recurring Paid Records"
      actions={
        <DownloadCsvButton
          path="/api/export/recurring_paid.csv"
          query={{ name: name.trim() }}
          what="recurring paid records"
        />
      }
      search={
        <SearchField
          label="Search Paid Records by Name"
          placeholder="Search by name"
          value={name}
          onChange={setName}
          className="max-w-md"
        />
      }
      paged={paged}
      failure={(err) => failureMessage('Failed to fetch recurring paid records.', err)}
      loading="Loading recurring paid records..."
      count={(total, more) =>
        countLine(
          total,
          'No recurring paid records match.',
          'recurring paid record',
          'recurring paid records',
          more,
        )
      }
      pagesLabel="Recurring paid records pages"
      renderItem={(record) => <PaidCard record={record} />}
    />
  );
}

const subjectOf = (record: RecurringPaid) => `recurring paid record for ${record.recurring_payment_name}`;

function PaidCard({ record }: { record: RecurringPaid }) {
  const { timezone } = useSiteConfig();
  const card = useCardEdit();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePaid();
  const dates = paidDates(record);

  if (card.editing)
    return <PaidEditForm record={record} onSaved={() => card.saved()} onCancel={card.cancel} />;
  return (
    <HubCard subject={subjectOf(record)} title={record.recurring_payment_name}>
      <Facts>
        <Fact term="Amount Paid">{formatMoney(record.amount_paid)}</Fact>
        <Fact term="Dates">
          {dates.length === 0 ? (
            'No dates'
          ) : (
            <ul className="space-y-0.5">
              {dates.map((iso) => (
                <li key={iso}>{formatDateTime(iso, timezone)}</li>
              ))}
            </ul>
          )}
        </Fact>
        <NotesFact notes={record.notes} />
        <Fact term="Recorded">{formatDateTime(record.submitted_at, timezone)}</Fact>
      </Facts>
      <SaveStatus state={card.status} />
      <CardActions subject={subjectOf(record)} onEdit={card.edit} onDelete={() => setConfirming(true)} />
      {confirming && (
        <DeleteDialog
          title="Delete recurring paid record?"
          failure="Failed to delete the recurring paid record."
          mutation={remove}
          id={record.id}
          onClose={() => setConfirming(false)}
        >
          <p>
            Delete the {formatMoney(record.amount_paid)} payment of{' '}
            <strong>{record.recurring_payment_name}</strong>? This cannot be undone.
          </p>
        </DeleteDialog>
      )}
    </HubCard>
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

function PaidEditForm({
  record,
  onSaved,
  onCancel,
}: {
  record: RecurringPaid;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { timezone } = useSiteConfig();
  const save = useSubmit(useUpdatePaid(), 'Failed to update the recurring paid record.');
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
    const change = { dates_related: dates.map((d) => d.value).filter(Boolean), amount_paid, notes };
    save.run({ id: record.id, change }, onSaved);
  });

  return (
    <HubEditForm
      subject={subjectOf(record)}
      title={record.recurring_payment_name}
      onSubmit={onSubmit}
      error={save.error}
      busy={save.busy}
      onCancel={onCancel}
    >
      <DateListField control={control} register={register} errors={errors.dates} timezone={timezone} />
      <MoneyField label="Amount Paid:" error={errors.amount_paid?.message} {...register('amount_paid')} />
      <DiscountButtons
        label="Discounts on the amount paid"
        getAmount={() => getValues('amount_paid') as string}
        onApply={(value) => setValue('amount_paid', value, { shouldDirty: true })}
      />
      <NotesField error={errors.notes?.message} {...register('notes')} />
    </HubEditForm>
  );
}
