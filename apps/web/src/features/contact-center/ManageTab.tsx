import { OneTimeCleaningsSection } from '../cleanings/OneTimeCleaningsSection';
import { CleanupSection } from '../cleanup/CleanupSection';
import { InquiriesSection } from '../inquiries/InquiriesSection';
import { RecurringPaidSection } from '../recurring/RecurringPaidSection';
import { RecurringSchedulerSection } from '../recurring/RecurringSchedulerSection';
import { PendingReviewsSection } from '../reviews/moderation/PendingReviewsSection';
import { ContactFormToggle } from './ContactFormToggle';

const divider = 'border-t border-stone-200 pt-10';

/** Manage, top to bottom as the spec lists it. */
export function ManageTab() {
  return (
    <div className="space-y-10">
      <ContactFormToggle />
      <InquiriesSection />
      <div className={divider}>
        <OneTimeCleaningsSection />
      </div>
      <div className={divider}>
        <RecurringSchedulerSection />
      </div>
      <div className={divider}>
        <RecurringPaidSection />
      </div>
      <div className={divider}>
        <PendingReviewsSection />
      </div>
      <CleanupSection />
    </div>
  );
}
