import {
  formatDateTime,
  formatMoney,
  type OneTimeCleaning,
  oneTimeCleaningPatch,
  PAGE_SIZES,
  timeZoneLabel,
  toWallTime,
  type VisitConflict,
} from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { countLine } from '../../lib/countLine';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { ConflictsWarning } from '../../lib/ui/ConflictsWarning';
import { DeleteDialog } from '../../lib/ui/DeleteDialog';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { DownloadCsvButton } from '../../lib/ui/DownloadCsvButton';
import { DurationField, minutesOrNull } from '../../lib/ui/DurationField';
import { CheckboxField, MoneyField, NotesField } from '../../lib/ui/FormFields';
import { CardActions, Fact, Facts, HubCard, NotesFact } from '../../lib/ui/HubCard';
import { HubEditForm } from '../../lib/ui/HubEditForm';
import { PagedList } from '../../lib/ui/PagedList';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { SearchField } from '../../lib/ui/SearchField';
import { TextField } from '../../lib/ui/TextField';
import { useCardEdit } from '../../lib/useCardEdit';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { useSubmit } from '../../lib/useSubmit';
import { useConflicts, useDefaultVisitMinutes } from '../visits/api';
import { oneTimeCleaningsPageQueryOptions, useDeleteOneTimeCleaning, useUpdateOneTimeCleaning } from './api';

/** Manage → One-time cleanings: one search box (inquiry name, notes, or the word "paid"), 5 a page. */
export function OneTimeCleaningsSection() {
  const [search, setSearch] = useState('');
  const paged = usePagedSearch(search.trim(), oneTimeCleaningsPageQueryOptions, PAGE_SIZES.oneTimeCleanings);
  return (
    <PagedList
      title="One-Time Cleanings"
      actions={
        <DownloadCsvButton
          path="/api/export/one_time_cleanings.csv"
          query={{ search: search.trim() }}
          what="one-time cleanings"
        />
      }
      search={
        <SearchField
          label="Search One-Time Cleanings"
          placeholder="Search by inquiry name, notes or 'paid'"
          value={search}
          onChange={setSearch}
          className="max-w-md"
        />
      }
      paged={paged}
      failure={(err) => failureMessage('Failed to fetch one-time cleanings.', err)}
      loading="Loading one-time cleanings..."
      count={(total, more) =>
        countLine(total, 'No one-time cleanings match.', 'one-time cleaning', 'one-time cleanings', more)
      }
      pagesLabel="One-time cleanings pages"
      renderItem={(cleaning) => <OneTimeCleaningCard cleaning={cleaning} />}
    />
  );
}

const subjectOf = (cleaning: OneTimeCleaning) => `one-time cleaning for ${cleaning.inquiry_name}`;

function OneTimeCleaningCard({ cleaning }: { cleaning: OneTimeCleaning }) {
  const { timezone } = useSiteConfig();
  const card = useCardEdit();
  const [confirming, setConfirming] = useState(false);
  // The conflicts the server found when the last edit was saved (it saves regardless).
  const [saved, setSaved] = useState<VisitConflict[]>();
  const remove = useDeleteOneTimeCleaning();

  if (card.editing)
    return (
      <OneTimeCleaningEditForm
        cleaning={cleaning}
        onSaved={(result) => {
          setSaved(result.conflicts);
          card.saved();
        }}
        onCancel={card.cancel}
      />
    );
  return (
    <HubCard subject={subjectOf(cleaning)} title={cleaning.inquiry_name}>
      <Facts>
        <Fact term="Date">{formatDateTime(cleaning.date_time, timezone)}</Fact>
        <Fact term="Amount">{formatMoney(cleaning.amount)}</Fact>
        <Fact term="Paid">{cleaning.paid ? 'Yes' : 'No'}</Fact>
        {cleaning.duration_minutes != null && (
          <Fact term="Visit length">{cleaning.duration_minutes} minutes</Fact>
        )}
        <NotesFact notes={cleaning.notes} />
      </Facts>
      <ConflictsWarning conflicts={saved} saved />
      <SaveStatus state={card.status} />
      <CardActions subject={subjectOf(cleaning)} onEdit={card.edit} onDelete={() => setConfirming(true)} />
      {confirming && (
        <DeleteDialog
          title="Delete one-time cleaning?"
          failure="Failed to delete the one-time cleaning."
          mutation={remove}
          id={{ id: cleaning.id, version: cleaning.version }}
          onClose={() => setConfirming(false)}
        >
          <p>
            Delete the cleaning for <strong>{cleaning.inquiry_name}</strong> on{' '}
            {formatDateTime(cleaning.date_time, timezone)}? This cannot be undone.
          </p>
        </DeleteDialog>
      )}
    </HubCard>
  );
}

type EditValues = z.input<typeof oneTimeCleaningPatch>;
type EditOutput = z.output<typeof oneTimeCleaningPatch>;

function OneTimeCleaningEditForm({
  cleaning,
  onSaved,
  onCancel,
}: {
  cleaning: OneTimeCleaning;
  onSaved: (saved: OneTimeCleaning) => void;
  onCancel: () => void;
}) {
  const { timezone } = useSiteConfig();
  const defaultMinutes = useDefaultVisitMinutes();
  const save = useSubmit(useUpdateOneTimeCleaning(), 'Failed to update the one-time cleaning.');
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(oneTimeCleaningPatch),
    defaultValues: {
      amount: cleaning.amount.toFixed(2),
      date_time: toWallTime(cleaning.date_time, timezone),
      paid: cleaning.paid,
      notes: cleaning.notes ?? '',
      duration_minutes: cleaning.duration_minutes ?? null,
    },
  });
  const conflicts = useConflicts({
    start: watch('date_time') ?? '',
    duration: String(watch('duration_minutes') ?? ''),
    exclude_key: `o${cleaning.id}`,
  });

  const onSubmit = handleSubmit(({ amount, date_time, paid, notes, duration_minutes }) =>
    save.run(
      {
        id: cleaning.id,
        version: cleaning.version,
        change: { amount, date_time, paid, notes, duration_minutes },
      },
      onSaved,
    ),
  );

  return (
    <HubEditForm
      subject={subjectOf(cleaning)}
      title={cleaning.inquiry_name}
      onSubmit={onSubmit}
      error={save.error}
      busy={save.busy}
      onCancel={onCancel}
    >
      <MoneyField label="Amount" error={errors.amount?.message} {...register('amount')} />
      <DiscountButtons
        label="Discounts on the amount"
        getAmount={() => getValues('amount') as string}
        onApply={(value) => setValue('amount', value, { shouldDirty: true })}
      />
      <TextField
        label="Date and Time"
        type="datetime-local"
        hint={`In ${timeZoneLabel(timezone)}.`}
        error={errors.date_time?.message}
        {...register('date_time')}
      />
      <DurationField
        fallback={defaultMinutes}
        error={errors.duration_minutes?.message}
        {...register('duration_minutes', { setValueAs: minutesOrNull })}
      />
      <ConflictsWarning conflicts={conflicts.data} />
      <CheckboxField label="Paid" {...register('paid')} />
      <NotesField error={errors.notes?.message} {...register('notes')} />
    </HubEditForm>
  );
}
