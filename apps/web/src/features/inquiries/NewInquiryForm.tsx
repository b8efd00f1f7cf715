import { adminInquiryInput, OTHER_TOWN, TOWNS } from '@clean/shared';
import type { z } from 'zod';
import { Alert } from '../../lib/ui/Alert';
import { Options, SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { SubmitRow } from '../../lib/ui/FormStatus';
import { hubCardClass, hubCardHeadingClass } from '../../lib/ui/HubCard';
import { PhoneField } from '../../lib/ui/PhoneField';
import { TextField } from '../../lib/ui/TextField';
import { useSubmit } from '../../lib/useSubmit';
import { useZodForm } from '../../lib/useZodForm';
import { useCreateInquiry } from './api';
import { AddressFields, CallOrTextField, InquiryStatusField, inquiryPhone } from './InquiryFields';

type Values = z.input<typeof adminInquiryInput>;
const empty: Values = {
  name: '',
  email: '',
  phone_number: '',
  call_or_text: 'call',
  town: '',
  description: '',
  status: 'New Inquiry',
  street_address: '',
  zip: '',
  access_notes: '',
};

/**
 * Manage → Inquiries → New Inquiry: a lead the owner took by phone. Any status, whatever the booking form's
 * switch says, and no notification mail (the owner is the one typing).
 */
export function NewInquiryForm({ onDone }: { onDone: () => void }) {
  const submit = useSubmit(useCreateInquiry(), 'Failed to create inquiry.');
  const { field, control, handleSubmit, reset } = useZodForm(adminInquiryInput, empty);

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
        <TextField label="Name" autoComplete="off" {...field('name')} />
        <PhoneField control={control} name="phone_number" {...inquiryPhone} />
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
        <CallOrTextField {...field('call_or_text')} />
        <SelectField label="Town" {...field('town')}>
          <option value="">Not set</option>
          <Options values={[...TOWNS, OTHER_TOWN]} />
        </SelectField>
        <InquiryStatusField {...field('status')} />
      </div>
      <AddressFields field={field} />
      <TextAreaField label="Description" {...field('description')} />
      {submit.error && <Alert tone="error">{submit.error}</Alert>}
      {submit.success && <Alert tone="success">{submit.success}</Alert>}
      <SubmitRow
        className="gap-2 pt-1"
        busy={submit.busy}
        busyLabel="Creating..."
        label="Create Inquiry"
        onCancel={onDone}
        cancelLabel="Close"
        cancelDisabled={submit.busy}
      />
    </form>
  );
}
