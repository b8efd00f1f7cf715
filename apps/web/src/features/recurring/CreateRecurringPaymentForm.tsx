import { timeZoneLabel, type VisitConflict } from '@clean/shared';
import { useState } from 'react';
import { useSiteConfig } from '../../lib/site-config';
import { ConflictsWarning } from '../../lib/ui/ConflictsWarning';
import { CreateForm } from '../../lib/ui/CreateForm';
import { DurationField, minutesOrNull } from '../../lib/ui/DurationField';
import { CheckboxField, MoneyField, NotesField } from '../../lib/ui/FormFields';
import { InquirySelect } from '../../lib/ui/InquirySelect';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { TextField } from '../../lib/ui/TextField';
import { useCreateForm } from '../../lib/useCreateForm';
import { useInquiryOptions } from '../inquiries/api';
import { useConflicts, useDefaultVisitMinutes } from '../visits/api';
import { useCreateSchedule } from './api';
import { FrequencyField } from './FrequencyField';

type Values = {
  inquiry: SearchOption | null;
  amount: string;
  frequency: string;
  first_visit_at: string;
  duration_minutes: string;
  notes: string;
  notify_customer: boolean;
};
const empty = (): Values => ({
  inquiry: null,
  amount: '',
  frequency: '',
  first_visit_at: '',
  duration_minutes: '',
  notes: '',
  notify_customer: true,
});

/** Create Cleaning → recurring payment schedule (server validates; its refusal shows in red). */
export function CreateRecurringPaymentForm() {
  const inquiryOptions = useInquiryOptions();
  const { timezone } = useSiteConfig();
  const defaultMinutes = useDefaultVisitMinutes();
  // What the server found when it saved the last one (it saves regardless), and why it has no visits, if so.
  const [saved, setSaved] = useState<{ conflicts?: VisitConflict[]; note?: string | null }>({});
  const { register, control, watch, submit } = useCreateForm(useCreateSchedule(), {
    failure: 'Failed to create recurring payment.',
    empty,
    toBody: ({ inquiry, first_visit_at, duration_minutes, ...rest }) => {
      setSaved({});
      // Left empty, neither is sent: a schedule without a first visit is payments only, as the original ones.
      const minutes = minutesOrNull(duration_minutes);
      return {
        inquiry_id: inquiry?.value,
        ...rest,
        ...(first_visit_at ? { first_visit_at } : {}),
        ...(minutes === null ? {} : { duration_minutes: minutes }),
      };
    },
    created: (created, { inquiry }) => {
      setSaved({ conflicts: created?.conflicts, note: created?.visits_note });
      return `Recurring payment schedule for ${created?.inquiry_name ?? inquiry?.label} created.`;
    },
  });
  const firstVisit = watch('first_visit_at');
  const conflicts = useConflicts({
    start: firstVisit,
    duration: watch('duration_minutes'),
    frequency: watch('frequency'),
  });

  return (
    <CreateForm
      label="Create Recurring Payment Schedule"
      submitLabel="Create Recurring Payment Schedule"
      {...submit}
    >
      <InquirySelect control={control} options={inquiryOptions} />
      <MoneyField label="Amount" placeholder="Amount" {...register('amount')} />
      <FrequencyField {...register('frequency')} />
      <TextField
        label="First visit"
        type="datetime-local"
        hint={`In ${timeZoneLabel(timezone)}. With a frequency above, the visits go on the calendar.`}
        {...register('first_visit_at')}
      />
      <DurationField fallback={defaultMinutes} {...register('duration_minutes')} />
      {firstVisit !== '' && <ConflictsWarning conflicts={conflicts.data} />}
      <ConflictsWarning conflicts={saved.conflicts} saved />
      {saved.note && <p className="text-sm text-stone-700">{saved.note}</p>}
      <NotesField {...register('notes')} />
      <CheckboxField label="Send the customer a confirmation" {...register('notify_customer')} />
    </CreateForm>
  );
}
