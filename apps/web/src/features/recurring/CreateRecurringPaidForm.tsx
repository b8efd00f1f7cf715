import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { TextAreaField } from '../../lib/ui/FormFields';
import { type SearchOption, SearchSelect } from '../../lib/ui/SearchSelect';
import { TextField } from '../../lib/ui/TextField';
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
  const create = useCreatePaid();
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setValue, getValues } = useForm<Values>({
    defaultValues: empty(),
  });

  const onSubmit = handleSubmit((values) => {
    setSuccess(null);
    setError(null);
    create.mutate(
      {
        recurring_payment_id: values.schedule?.value,
        dates_related: values.dates.map((d) => d.value),
        amount_paid: values.amount_paid,
        notes: values.notes,
      },
      {
        onSuccess: (created) => {
          reset(empty());
          setSuccess(
            `Recurring paid record for ${created?.recurring_payment_name ?? values.schedule?.label} created.`,
          );
        },
        onError: (err) => setError(failureMessage('Failed to create recurring paid record.', err)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create Recurring Paid Record">
      <Controller
        control={control}
        name="schedule"
        render={({ field }) => (
          <SearchSelect
            inputId={selectId}
            label="Client"
            placeholder="Select Client for Payment"
            options={schedules.options}
            loading={schedules.loading}
            failed={schedules.failed}
            onSearch={schedules.onSearch}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <DateListField control={control} register={register} timezone={timezone} />
      <div className="space-y-2">
        <TextField
          label="Amount Paid:"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...register('amount_paid')}
        />
        <DiscountButtons
          label="Discounts on the amount paid"
          getAmount={() => getValues('amount_paid')}
          onApply={(value) => setValue('amount_paid', value, { shouldDirty: true })}
        />
      </div>
      <TextAreaField label="Notes" placeholder="Notes (optional)" {...register('notes')} />
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Recurring Paid Record'}
      </Button>
    </form>
  );
}
