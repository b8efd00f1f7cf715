import { HomeChecklist } from '../../features/checklists/HomeChecklist';
import { OneTimeCleaningsSection } from '../../features/cleanings/OneTimeCleaningsSection';
import { CleanupSection } from '../../features/cleanup/CleanupSection';
import { InquiriesSection } from '../../features/inquiries/InquiriesSection';
import { RecurringPaidSection } from '../../features/recurring/RecurringPaidSection';
import { RecurringSchedulerSection } from '../../features/recurring/RecurringSchedulerSection';
import { PendingReviewsSection } from '../../features/reviews/moderation/PendingReviewsSection';
import { ContactFormToggle } from './ContactFormToggle';

const divider = 'border-t border-stone-200 pt-10';

/** Manage, top to bottom as docs/product.md#manage lists it (the working hours are under Site). */
export function ManageTab() {
  return (
    <div className="space-y-10">
      <ContactFormToggle />
      <InquiriesSection extra={(inquiry) => <HomeChecklist inquiryId={inquiry.id} />} />
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
