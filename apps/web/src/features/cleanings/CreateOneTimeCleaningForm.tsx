import { useSiteConfig } from '../../lib/site-config';
import { CreateForm } from '../../lib/ui/CreateForm';
import { DiscountButtons } from '../../lib/ui/DiscountButtons';
import { CheckboxField, MoneyField, NotesField } from '../../lib/ui/FormFields';
import { InquirySelect } from '../../lib/ui/InquirySelect';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { TextField } from '../../lib/ui/TextField';
import { useCreateForm } from '../../lib/useCreateForm';
import { useInquiryOptions } from '../inquiries/api';
import { useCreateOneTimeCleaning } from './api';

type Values = {
  inquiry: SearchOption | null;
  date_time: string;
  amount: string;
  paid: boolean;
  notes: string;
};
const empty = (): Values => ({ inquiry: null, date_time: '', amount: '', paid: false, notes: '' });

/** Create Cleaning → one-time cleaning. */
export function CreateOneTimeCleaningForm() {
  const inquiryOptions = useInquiryOptions();
  const { timezone } = useSiteConfig();
  const { register, control, setValue, getValues, submit } = useCreateForm(useCreateOneTimeCleaning(), {
    failure: 'Failed to create one-time cleaning.',
    empty,
    toBody: ({ inquiry, ...rest }) => ({ inquiry_id: inquiry?.value, ...rest }),
    created: (created, { inquiry }) =>
      `One-time cleaning for ${created?.inquiry_name ?? inquiry?.label} created.`,
  });

  return (
    <CreateForm label="Create One-Time Cleaning" submitLabel="Create Cleaning" {...submit}>
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
