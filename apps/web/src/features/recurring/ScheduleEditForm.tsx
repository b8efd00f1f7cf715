import { type RecurringPayment, recurringPaymentPatch, timeZoneLabel, toWallTime } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSiteConfig } from '../../lib/site-config';
import { ConflictsWarning } from '../../lib/ui/ConflictsWarning';
import { DurationField, minutesOrNull } from '../../lib/ui/DurationField';
import { CheckboxField, MoneyField, NotesField, SelectField } from '../../lib/ui/FormFields';
import { HubEditForm } from '../../lib/ui/HubEditForm';
import { TextField } from '../../lib/ui/TextField';
import { useSubmit } from '../../lib/useSubmit';
import { useTeamChoices } from '../agenda/api';
import { useConflicts, useDefaultVisitMinutes } from '../visits/api';
import { useUpdateSchedule } from './api';
import { FrequencyField } from './FrequencyField';
import { subjectOf } from './subject';

type EditValues = z.input<typeof recurringPaymentPatch>;
type EditOutput = z.output<typeof recurringPaymentPatch>;

/** A schedule's edit form: what the server answers about clashing visits is shown by the card once saved. */
export function ScheduleEditForm({
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
