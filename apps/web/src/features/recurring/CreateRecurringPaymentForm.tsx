import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { TextAreaField } from '../../lib/ui/FormFields';
import { type SearchOption, SearchSelect } from '../../lib/ui/SearchSelect';
import { TextField } from '../../lib/ui/TextField';
import { useInquiryOptions } from '../inquiries/api';
import { useCreateSchedule } from './api';

type Values = { inquiry: SearchOption | null; amount: string; frequency: string; notes: string };
const empty: Values = { inquiry: null, amount: '', frequency: '', notes: '' };

/** Create Cleaning → recurring payment schedule (server validates; its refusal shows in red). */
export function CreateRecurringPaymentForm() {
  const selectId = useId();
  const inquiries = useInquiryOptions();
  const create = useCreateSchedule();
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset } = useForm<Values>({ defaultValues: empty });

  const onSubmit = handleSubmit((values) => {
    setSuccess(null);
    setError(null);
    create.mutate(
      {
        inquiry_id: values.inquiry?.value,
        amount: values.amount,
        frequency: values.frequency,
        notes: values.notes,
      },
      {
        onSuccess: (created) => {
          reset(empty);
          setSuccess(
            `Recurring payment schedule for ${created?.inquiry_name ?? values.inquiry?.label} created.`,
          );
        },
        onError: (err) => setError(failureMessage('Failed to create recurring payment.', err)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create Recurring Payment Schedule">
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
        label="Amount"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="Amount"
        {...register('amount')}
      />
      <TextField
        label="Frequency"
        placeholder="Frequency (e.g., Weekly, Monthly)"
        {...register('frequency')}
      />
      <TextAreaField label="Notes" placeholder="Notes (optional)" {...register('notes')} />
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Recurring Payment Schedule'}
      </Button>
    </form>
  );
}
