import { BillingSection } from '../../features/billing/BillingSection';
import { PhotosSection } from '../../features/gallery/PhotosSection';
import { SiteSection } from '../../features/site/SiteSection';
import { WorkingHoursEditor } from '../../features/visits/WorkingHoursEditor';

/**
 * Site: what the owner sets once and rarely changes — the business facts and booking rules, the billing settings,
 * then the working hours visits are checked against (kept in the visits feature, shown here rather than among
 * Manage's lists), then the gallery's photo upload.
 */
export function SiteTab() {
  return (
    <div className="space-y-10">
      <SiteSection />
      <div className="border-t border-stone-200 pt-10">
        <BillingSection />
      </div>
      <div className="border-t border-stone-200 pt-10">
        <WorkingHoursEditor />
      </div>
      <div className="border-t border-stone-200 pt-10">
        <PhotosSection />
      </div>
    </div>
  );
}
