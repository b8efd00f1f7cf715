import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { CheckboxField, TextAreaField } from '../../lib/ui/FormFields';
import { type SearchOption, SearchSelect } from '../../lib/ui/SearchSelect';
import { TextField } from '../../lib/ui/TextField';
import { useInquiryOptions } from '../inquiries/api';
import { useCreateOneTimeCleaning } from './api';

type Values = {
  inquiry: SearchOption | null;
  date_time: string;
  amount: string;
  paid: boolean;
  notes: string;
};
const empty: Values = { inquiry: null, date_time: '', amount: '', paid: false, notes: '' };

/**
 * Create Cleaning → one-time cleaning. Only the input types constrain (spec §5); the server checks the
 * rest and its refusal is shown in red.
 */
export function CreateOneTimeCleaningForm() {
  const { timezone } = useSiteConfig();
  const selectId = useId();
  const inquiries = useInquiryOptions();
  const create = useCreateOneTimeCleaning();
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setValue, getValues } = useForm<Values>({
    defaultValues: empty,
  });

  const onSubmit = handleSubmit((values) => {
    setSuccess(null);
    setError(null);
    create.mutate(
      {
        inquiry_id: values.inquiry?.value,
        date_time: values.date_time,
        amount: values.amount,
        paid: values.paid,
        notes: values.notes,
      },
      {
        onSuccess: (created) => {
          reset(empty);
          setSuccess(`One-time cleaning for ${created?.inquiry_name ?? values.inquiry?.label} created.`);
        },
        onError: (err) => setError(failureMessage('Failed to create one-time cleaning.', err)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create One-Time Cleaning">
      <Controller
        control={control}
        name="inquiry"
        render={({ field }) => (
          <SearchSelect
            inputId={selectId}
            label="Inquiry"
            placeholder="Select an Inquiry"
            options={inquiries.options}
            loading={inquiries.loading}
            failed={inquiries.failed}
            onSearch={inquiries.onSearch}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <TextField
        label="Date and Time"
        type="datetime-local"
        hint={`Business time (${timezone}).`}
        {...register('date_time')}
      />
      <div className="space-y-2">
        <TextField
          label="Amount"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder="Enter Amount"
          {...register('amount')}
        />
        <DiscountButtons
          label="Discounts on the amount"
          getAmount={() => getValues('amount')}
          onApply={(value) => setValue('amount', value, { shouldDirty: true })}
        />
      </div>
      <TextAreaField label="Notes" placeholder="Notes (optional)" {...register('notes')} />
      <CheckboxField label="Paid" {...register('paid')} />
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Cleaning'}
      </Button>
    </form>
  );
}
