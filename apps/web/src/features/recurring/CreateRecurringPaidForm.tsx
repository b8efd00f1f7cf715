import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSiteConfig } from '../../lib/site-config';
import { CreateForm } from '../../lib/ui/CreateForm';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { MoneyField, NotesField } from '../../lib/ui/FormFields';
import { type SearchOption, SearchSelect } from '../../lib/ui/SearchSelect';
import { useSubmit } from '../../lib/useSubmit';
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
  const selectId = useId();
  const schedules = useScheduleOptions();
  const submit = useSubmit(useCreatePaid(), 'Failed to create recurring paid record.');
  const { register, control, handleSubmit, reset, setValue, getValues } = useForm<Values>({
    defaultValues: empty(),
  });

  const onSubmit = handleSubmit(({ schedule, dates, amount_paid, notes }) =>
    submit.run(
      {
        recurring_payment_id: schedule?.value,
        dates_related: dates.map((d) => d.value),
        amount_paid,
        notes,
      },
      (created) => {
        reset(empty());
        submit.succeed(
          `Recurring paid record for ${created?.recurring_payment_name ?? schedule?.label} created.`,
        );
      },
    ),
  );

  return (
    <CreateForm
      label="Create Recurring Paid Record"
      submitLabel="Create Recurring Paid Record"
      onSubmit={onSubmit}
      outcome={submit}
    >
      <Controller
        control={control}
        name="schedule"
        render={({ field }) => (
          <SearchSelect
            inputId={selectId}
            label="Client"
            placeholder="Select Client for Payment"
            {...schedules}
            value={field.value}
            onChange={field.onChange}
          />
        )}
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
