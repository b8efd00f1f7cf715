import { CreateOneTimeCleaningForm } from '../../features/cleanings/CreateOneTimeCleaningForm';
import { CreateRecurringPaidForm } from '../../features/recurring/CreateRecurringPaidForm';
import { CreateRecurringPaymentForm } from '../../features/recurring/CreateRecurringPaymentForm';
import { Collapsible } from './Collapsible';

/** Create Cleaning: three collapsible forms, all hidden at first. */
export function CreateCleaningTab() {
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Collapsible showLabel="Create One-Time Cleaning" hideLabel="Hide One-Time Cleaning Form">
        <CreateOneTimeCleaningForm />
      </Collapsible>
      <Collapsible
        showLabel="Create Recurring Payment Schedule"
        hideLabel="Hide Recurring Payment Schedule Form"
      >
        <CreateRecurringPaymentForm />
      </Collapsible>
      <Collapsible showLabel="Create Recurring Paid Record" hideLabel="Hide Recurring Paid Record Form">
        <CreateRecurringPaidForm />
      </Collapsible>
    </div>
  );
}
