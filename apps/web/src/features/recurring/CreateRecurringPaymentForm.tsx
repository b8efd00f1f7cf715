import { CreateForm } from '../../lib/ui/CreateForm';
import { MoneyField, NotesField } from '../../lib/ui/FormFields';
import { InquirySelect } from '../../lib/ui/InquirySelect';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { useCreateForm } from '../../lib/useCreateForm';
import { useInquiryOptions } from '../inquiries/api';
import { useCreateSchedule } from './api';
import { FrequencyField } from './FrequencyField';

type Values = { inquiry: SearchOption | null; amount: string; frequency: string; notes: string };
const empty = (): Values => ({ inquiry: null, amount: '', frequency: '', notes: '' });

/** Create Cleaning → recurring payment schedule (server validates; its refusal shows in red). */
export function CreateRecurringPaymentForm() {
  const inquiryOptions = useInquiryOptions();
  const { register, control, submit } = useCreateForm(useCreateSchedule(), {
    failure: 'Failed to create recurring payment.',
    empty,
    toBody: ({ inquiry, ...rest }) => ({ inquiry_id: inquiry?.value, ...rest }),
    created: (created, { inquiry }) =>
      `Recurring payment schedule for ${created?.inquiry_name ?? inquiry?.label} created.`,
  });

  return (
    <CreateForm
      label="Create Recurring Payment Schedule"
      submitLabel="Create Recurring Payment Schedule"
      {...submit}
    >
      <InquirySelect control={control} options={inquiryOptions} />
      <MoneyField label="Amount" placeholder="Amount" {...register('amount')} />
      <FrequencyField {...register('frequency')} />
      <NotesField {...register('notes')} />
    </CreateForm>
  );
}
