import { useForm } from 'react-hook-form';
import { useSiteConfig } from '../../lib/site-config';
import { CreateForm } from '../../lib/ui/CreateForm';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { CheckboxField, MoneyField, NotesField } from '../../lib/ui/FormFields';
import { InquirySelect } from '../../lib/ui/InquirySelect';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { TextField } from '../../lib/ui/TextField';
import { useSubmit } from '../../lib/useSubmit';
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
  const inquiryOptions = useInquiryOptions();
  const { timezone } = useSiteConfig();
  const submit = useSubmit(useCreateOneTimeCleaning(), 'Failed to create one-time cleaning.');
  const { register, control, handleSubmit, reset, setValue, getValues } = useForm<Values>({
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(({ inquiry, date_time, amount, paid, notes }) =>
    submit.run({ inquiry_id: inquiry?.value, date_time, amount, paid, notes }, (created) => {
      reset(empty);
      submit.succeed(`One-time cleaning for ${created?.inquiry_name ?? inquiry?.label} created.`);
    }),
  );

  return (
    <CreateForm
      label="Create One-Time Cleaning"
      submitLabel="Create Cleaning"
      onSubmit={onSubmit}
      outcome={submit}
    >
      <InquirySelect control={control} options={inquiryOptions} />
      <TextField
        label="Date and Time"
        type="datetime-local"
        hint={`Business time (${timezone}).`}
        {...register('date_time')}
      />
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
    </CreateForm>
  );
}
