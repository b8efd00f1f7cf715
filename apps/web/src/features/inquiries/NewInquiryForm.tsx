import { adminInquiryInput, INQUIRY_STATUSES, OTHER_TOWN, TOWNS } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { phoneDigitsChange, phoneInputValue } from '../../lib/phone';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { hubCardClass, hubCardHeadingClass } from '../../lib/ui/HubCard';
import { TextField } from '../../lib/ui/TextField';
import { useSubmit } from '../../lib/useSubmit';
import { useCreateInquiry } from './api';

type Values = z.input<typeof adminInquiryInput>;
type Output = z.output<typeof adminInquiryInput>;
const empty: Values = {
  name: '',
  email: '',
  phone_number: '',
  call_or_text: 'call',
  town: '',
  description: '',
  status: 'New Inquiry',
};

/**
 * Manage → Inquiries → New Inquiry: a lead the owner took by phone. Any status, whatever the booking form's
 * switch says, and no notification mail (the owner is the one typing).
 */
export function NewInquiryForm({ onDone }: { onDone: () => void }) {
  const submit = useSubmit(useCreateInquiry(), 'Failed to create inquiry.');
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, Output>({ resolver: zodResolver(adminInquiryInput), defaultValues: empty });

  const onSubmit = handleSubmit((values) =>
    submit.run(values, (created) => {
      reset(empty);
      submit.succeed(`Inquiry from ${created.name} created.`);
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className={`${hubCardClass} space-y-3`} aria-label="New Inquiry">
      <h3 className={hubCardHeadingClass}>New Inquiry</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="phone_number"
          render={({ field, fieldState }) => (
            <TextField
              label="Phone Number"
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              placeholder="(XXX) XXX-XXXX"
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={phoneInputValue(field.value ?? '')}
              onChange={phoneDigitsChange(field.value ?? '', field.onChange)}
            />
          )}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Call or Text" error={errors.call_or_text?.message} {...register('call_or_text')}>
          <option value="call">Call</option>
          <option value="text">Text</option>
        </SelectField>
        <SelectField label="Town" error={errors.town?.message} {...register('town')}>
          <option value="">Not set</option>
          {[...TOWNS, OTHER_TOWN].map((town) => (
            <option key={town} value={town}>
              {town}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" error={errors.status?.message} {...register('status')}>
          {INQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      {submit.success && <Alert tone="success">{submit.success}</Alert>}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" disabled={submit.busy}>
          {submit.busy ? 'Creating...' : 'Create Inquiry'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={submit.busy}>
          Close
        </Button>
      </div>
    </form>
  );
}
