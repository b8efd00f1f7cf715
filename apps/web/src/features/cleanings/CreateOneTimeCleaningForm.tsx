import { timeZoneLabel, type VisitConflict } from '@clean/shared';
import { useState } from 'react';
import { useSiteConfig } from '../../lib/site-config';
import { ConflictsWarning } from '../../lib/ui/ConflictsWarning';
import { CreateForm } from '../../lib/ui/CreateForm';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { DurationField, minutesOrNull } from '../../lib/ui/DurationField';
import { CheckboxField, MoneyField, NotesField } from '../../lib/ui/FormFields';
import { InquirySelect } from '../../lib/ui/InquirySelect';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { TextField } from '../../lib/ui/TextField';
import { useCreateForm } from '../../lib/useCreateForm';
import { useInquiryOptions } from '../inquiries/api';
import { useConflicts, useDefaultVisitMinutes } from '../visits/api';
import { useCreateOneTimeCleaning } from './api';
import { useQuotePrefill } from './useQuotePrefill';

type Values = {
  inquiry: SearchOption | null;
  date_time: string;
  duration_minutes: string;
  amount: string;
  paid: boolean;
  notes: string;
  notify_customer: boolean;
};
const empty = (): Values => ({
  inquiry: null,
  date_time: '',
  duration_minutes: '',
  amount: '',
  paid: false,
  notes: '',
  notify_customer: true,
});

/** Create Cleaning → one-time cleaning; a chosen request's quote fills the amount and the length. */
export function CreateOneTimeCleaningForm() {
  const inquiryOptions = useInquiryOptions();
  const { timezone } = useSiteConfig();
  const defaultMinutes = useDefaultVisitMinutes();
  // What the server found when it saved the last one (it saves regardless).
  const [saved, setSaved] = useState<VisitConflict[]>();
  const { register, control, setValue, getValues, watch, submit } = useCreateForm(
    useCreateOneTimeCleaning(),
    {
      failure: 'Failed to create one-time cleaning.',
      empty,
      toBody: ({ inquiry, duration_minutes, ...rest }) => {
        setSaved(undefined);
        // Left empty, the length is not sent: the server uses the owner's default.
        const minutes = minutesOrNull(duration_minutes);
        return {
          inquiry_id: inquiry?.value,
          ...rest,
          ...(minutes === null ? {} : { duration_minutes: minutes }),
        };
      },
      created: (created, { inquiry }) => {
        setSaved(created?.conflicts);
        return `One-time cleaning for ${created?.inquiry_name ?? inquiry?.label} created.`;
      },
    },
  );
  useQuotePrefill(
    watch('inquiry'),
    () => ({ amount: getValues('amount'), minutes: getValues('duration_minutes') }),
    ({ amount, minutes }) => {
      setValue('amount', amount, { shouldDirty: true });
      setValue('duration_minutes', minutes, { shouldDirty: true });
    },
  );
  const conflicts = useConflicts({ start: watch('date_time'), duration: watch('duration_minutes') });

  return (
    <CreateForm label="Create One-Time Cleaning" submitLabel="Create Cleaning" {...submit}>
      <InquirySelect control={control} options={inquiryOptions} />
      <TextField
        label="Date and Time"
        type="datetime-local"
        hint={`In ${timeZoneLabel(timezone)}.`}
        {...register('date_time')}
      />
      <DurationField fallback={defaultMinutes} {...register('duration_minutes')} />
      {watch('date_time') !== '' && <ConflictsWarning conflicts={conflicts.data} />}
      <ConflictsWarning conflicts={saved} saved />
      <div className="space-y-2">
        <MoneyField label="Amount" placeholder="Enter Amount" {...register('amount')} />
        <DiscountButtons
          label="Discounts on the amount"
          getAmount={() => getValues('amount')}
          onApply={(value) => setValue('amount', value, { shouldDirty: true })}
        />
      </div>
      <NotesField {...register('notes')} />
      <CheckboxField label="Paid" {...register('paid')} />
      <CheckboxField label="Send the customer a confirmation" {...register('notify_customer')} />
    </CreateForm>
  );
}
