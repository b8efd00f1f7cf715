import {
  formatDateTime,
  formatMoney,
  PAGE_SIZES,
  type RecurringPayment,
  recurringPaymentPatch,
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
import { DependantsDeleteDialog } from '../../lib/ui/DependantsDeleteDialog';
import { DownloadCsvButton } from '../../lib/ui/DownloadCsvButton';
import { DurationField, minutesOrNull } from '../../lib/ui/DurationField';
import { CheckboxField, MoneyField, NotesField, SelectField } from '../../lib/ui/FormFields';
import { CardActions, Fact, Facts, HubCard, NotesFact } from '../../lib/ui/HubCard';
import { HubEditForm } from '../../lib/ui/HubEditForm';
import { PagedList } from '../../lib/ui/PagedList';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { SearchField } from '../../lib/ui/SearchField';
import { TextField } from '../../lib/ui/TextField';
import { useCardEdit } from '../../lib/useCardEdit';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { useSubmit } from '../../lib/useSubmit';
import { useTeamChoices } from '../agenda/api';
import { useConflicts, useDefaultVisitMinutes } from '../visits/api';
import {
  type ScheduleFilters,
  schedulesPageQueryOptions,
  useDeleteSchedule,
  useOverduePayments,
  useUpdateSchedule,
} from './api';
import { FrequencyField } from './FrequencyField';

/** The three search boxes, one per filter the server takes. */
const SEARCHES: Array<{ filter: keyof ScheduleFilters; label: string; placeholder: string }> = [
  { filter: 'inquiry_name', label: 'Search by Inquiry Name', placeholder: 'Inquiry name' },
  { filter: 'frequency', label: 'Search by Frequency', placeholder: 'Frequency' },
  { filter: 'notes', label: 'Search by Notes', placeholder: 'Notes' },
];

/** Manage → Recurring Scheduler: searches by inquiry name, frequency and notes; 5 a page. */
export function RecurringSchedulerSection() {
  const [searches, setSearches] = useState<ScheduleFilters>({ inquiry_name: '', frequency: '', notes: '' });
  const typed: ScheduleFilters = {
    inquiry_name: searches.inquiry_name.trim(),
    frequency: searches.frequency.trim(),
    notes: searches.notes.trim(),
  };
  const paged = usePagedSearch(typed, schedulesPageQueryOptions, PAGE_SIZES.recurringPayments);
  const overdue = useOverduePayments();
  const overdueIds = new Set(overdue.data?.map((o) => o.id));
  return (
    <PagedList
      title="Recurring Scheduler"
      actions={
        <DownloadCsvButton
          path="/api/export/recurring_payments.csv"
          query={typed}
          what="recurring payment schedules"
        />
      }
      search={
        <div className="grid gap-3 sm:grid-cols-3">
          {SEARCHES.map(({ filter, label, placeholder }) => (
            <SearchField
              key={filter}
              label={label}
              placeholder={placeholder}
              value={searches[filter]}
              onChange={(text) => setSearches((current) => ({ ...current, [filter]: text }))}
            />
          ))}
        </div>
      }
      paged={paged}
      failure={(err) => failureMessage('Failed to fetch recurring payments.', err)}
      loading="Loading recurring payments..."
      count={(total, more) =>
        countLine(
          total,
          'No recurring payment schedules match.',
          'recurring payment schedule',
          'recurring payment schedules',
          more,
        )
      }
      pagesLabel="Recurring payments pages"
      renderItem={(schedule) => <ScheduleCard schedule={schedule} overdue={overdueIds.has(schedule.id)} />}
    />
  );
}

const subjectOf = (schedule: RecurringPayment) => `recurring payment schedule for ${schedule.inquiry_name}`;

function ScheduleCard({ schedule, overdue }: { schedule: RecurringPayment; overdue: boolean }) {
  const card = useCardEdit();
  const [confirming, setConfirming] = useState(false);
  // The conflicts the server found when the last edit was saved (it saves regardless).
  const [saved, setSaved] = useState<VisitConflict[]>();
  const remove = useDeleteSchedule();

  if (card.editing)
    return (
      <ScheduleEditForm
        schedule={schedule}
        onSaved={(result) => {
          setSaved(result.conflicts);
          card.saved();
        }}
        onCancel={card.cancel}
      />
    );
  return (
    <HubCard subject={subjectOf(schedule)} title={schedule.inquiry_name}>
      {overdue && <OverdueBadge />}
      <Facts>
        <Fact term="Amount">{formatMoney(schedule.amount)}</Fact>
        <Fact term="Frequency" className="break-words">
          {schedule.frequency || 'Not set'}
        </Fact>
        <Fact term="Visits">
          <VisitsFact schedule={schedule} />
        </Fact>
        <NotesFact notes={schedule.notes} />
      </Facts>
      <ConflictsWarning conflicts={saved} saved />
      <SaveStatus state={card.status} />
      <CardActions subject={subjectOf(schedule)} onEdit={card.edit} onDelete={() => setConfirming(true)} />
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
          onDelete={(withDependants) =>
            remove.mutateAsync({ id: schedule.id, version: schedule.version, withDependants })
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </HubCard>
  );
}

/** When the schedule's visits happen, or why it puts none on the calendar (the server's visits_note). */
function VisitsFact({ schedule }: { schedule: RecurringPayment }) {
  const { timezone } = useSiteConfig();
  const minutes = useDefaultVisitMinutes();
  if (schedule.visits_note || !schedule.first_visit_at)
    return <>{schedule.visits_note ?? 'No visits on the calendar.'}</>;
  return (
    <>
      From {formatDateTime(schedule.first_visit_at, timezone)}, {schedule.duration_minutes ?? minutes} minutes
      each
    </>
  );
}

type EditValues = z.input<typeof recurringPaymentPatch>;
type EditOutput = z.output<typeof recurringPaymentPatch>;

function ScheduleEditForm({
  schedule,
  onSaved,
  onCancel,
}: {
  schedule: RecurringPayment;
  onSaved: (saved: RecurringPayment) => void;
  onCancel: () => void;
}) {
  const { timezone } = useSiteConfig();
  const defaultMinutes = useDefaultVisitMinutes();
  const save = useSubmit(useUpdateSchedule(), 'Failed to update the recurring payment schedule.');
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(recurringPaymentPatch),
    defaultValues: {
      amount: schedule.amount.toFixed(2),
      frequency: schedule.frequency,
      notes: schedule.notes ?? '',
      first_visit_at: toWallTime(schedule.first_visit_at, timezone) || null,
      duration_minutes: schedule.duration_minutes ?? null,
      cleaner_id: schedule.cleaner_id ?? null,
      allow_overlap: false,
    },
  });
  const people = useTeamChoices({ id: schedule.cleaner_id ?? null, name: null });
  const conflicts = useConflicts({
    start: watch('first_visit_at') ?? '',
    duration: String(watch('duration_minutes') ?? ''),
    frequency: watch('frequency') ?? '',
    exclude_key: `s${schedule.id}`,
  });

  const onSubmit = handleSubmit(
    ({ amount, frequency, notes, first_visit_at, duration_minutes, cleaner_id, allow_overlap }) =>
      save.run(
        {
          id: schedule.id,
          version: schedule.version,
          change: {
            amount,
            frequency,
            notes,
            first_visit_at,
            duration_minutes,
            // Sent only when changed: giving the visits to someone is checked against their other visits.
            ...(cleaner_id === (schedule.cleaner_id ?? null) ? {} : { cleaner_id, allow_overlap }),
          },
        },
        onSaved,
      ),
  );

  return (
    <HubEditForm
      subject={subjectOf(schedule)}
      title={schedule.inquiry_name}
      onSubmit={onSubmit}
      error={save.error}
      busy={save.busy}
      onCancel={onCancel}
    >
      <MoneyField label="Amount" error={errors.amount?.message} {...register('amount')} />
      <FrequencyField
        current={schedule.frequency}
        error={errors.frequency?.message}
        {...register('frequency')}
      />
      <TextField
        label="First visit"
        type="datetime-local"
        hint={`In ${timeZoneLabel(timezone)}. Empty: no visits on the calendar.`}
        error={errors.first_visit_at?.message}
        {...register('first_visit_at', { setValueAs: (v: string | null) => v || null })}
      />
      <DurationField
        fallback={defaultMinutes}
        error={errors.duration_minutes?.message}
        {...register('duration_minutes', { setValueAs: minutesOrNull })}
      />
      <ConflictsWarning conflicts={conflicts.data} />
      <SelectField
        label="Who cleans its visits"
        hint="Each visit can still be given to someone else from the Agenda."
        error={errors.cleaner_id?.message}
        {...register('cleaner_id', {
          setValueAs: (v: string | number | null) => (v === '' || v === null ? null : Number(v)),
        })}
      >
        <option value="">Nobody yet</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <CheckboxField label="Even if a visit overlaps another of theirs" {...register('allow_overlap')} />
      <NotesField error={errors.notes?.message} {...register('notes')} />
    </HubEditForm>
  );
}

/** Marks a schedule whose next payment is more than a period plus 3 days late. */
function OverdueBadge() {
  return (
    <p className="mt-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      Overdue
    </p>
  );
}
