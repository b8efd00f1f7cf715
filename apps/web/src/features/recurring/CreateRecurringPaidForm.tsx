import { useSiteConfig } from '../../lib/site-config';
import { CreateForm } from '../../lib/ui/CreateForm';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { MoneyField, NotesField } from '../../lib/ui/FormFields';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { SearchSelectField } from '../../lib/ui/SearchSelectField';
import { useCreateForm } from '../../lib/useCreateForm';
import { useCreatePaid, useScheduleOptions } from './api';
import { DateListField } from './DateListField';

type Values = {
  schedule: SearchOption | null;
  dates: Array<{ value: string }>;
  amount_paid: string;
  notes: string;
};
const empty = (): Values => ({ schedule: null, dates: [{ value: '' }], amount_paid: '', notes: '' });

/** Create Cleaning → recurring paid record of an existing schedule. */
export function CreateRecurringPaidForm() {
  const { timezone } = useSiteConfig();
  const schedules = useScheduleOptions();
  const { register, control, setValue, getValues, submit } = useCreateForm(useCreatePaid(), {
    failure: 'Failed to create recurring paid record.',
    empty,
    toBody: ({ schedule, dates, amount_paid, notes }) => ({
      recurring_payment_id: schedule?.value,
      dates_related: dates.map((d) => d.value),
      amount_paid,
      notes,
    }),
    created: (created, { schedule }) =>
      `Recurring paid record for ${created?.recurring_payment_name ?? schedule?.label} created.`,
  });

  return (
    <CreateForm label="Create Recurring Paid Record" submitLabel="Create Recurring Paid Record" {...submit}>
      <SearchSelectField
        control={control}
        name="schedule"
        label="Client"
        placeholder="Select Client for Payment"
        options={schedules}
      />
      <DateListField control={control} register={register} timezone={timezone} />
      <div className="space-y-2">
        <MoneyField label="Amount Paid:" {...register('amount_paid')} />
        <DiscountButtons
          label="Discounts on the amount paid"
          getAmount={() => getValues('amount_paid')}
          onApply={(value) => setValue('amount_paid', value, { shouldDirty: true })}
        />
      </div>
      <NotesField {...register('notes')} />
    </CreateForm>
  );
}
