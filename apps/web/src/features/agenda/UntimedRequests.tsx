import { useId } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site-config';
import { ContactLinks } from '../../lib/ui/ContactLinks';
import { useNewInquiries } from '../inquiries/api';
import { useComingVisits } from './comingVisits';

/**
 * New inquiries with no time in the coming days (asked without one, or their time let go): listed first on the
 * Agenda, with one tap to reach them, so none waits unseen in Manage. One holding a time, or with a cleaning or
 * visit planned, shows on the calendar instead.
 */
export function UntimedRequests() {
  const { timezone } = useSiteConfig();
  const headingId = useId();
  const inquiries = useNewInquiries();
  const coming = useComingVisits(timezone);
  if (!inquiries.data || !coming.data) return null;
  const holding = new Set(
    coming.data.filter((v) => v.status === 'requested' || v.status === 'planned').map((v) => v.inquiry_id),
  );
  const untimed = inquiries.data.items.filter((inquiry) => !holding.has(inquiry.id));
  if (untimed.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Requests without a time
      </h2>
      <ul className="space-y-2">
        {untimed.map((inquiry) => (
          <li key={inquiry.id} className="rounded-2xl border-l-4 border-violet-700 bg-white p-3 shadow-sm">
            <p className="font-semibold [overflow-wrap:anywhere] text-brand-950">{inquiry.name}</p>
            {inquiry.description && (
              <p className="mt-1 break-words whitespace-pre-line text-stone-700">{inquiry.description}</p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <ContactLinks
                name={inquiry.name}
                phone={inquiry.phone_number}
                email={inquiry.email}
                prefers={inquiry.call_or_text}
              />
              <Link
                to="?tab=manage"
                className="inline-flex min-h-11 items-center px-3 font-semibold text-brand-800 underline"
                aria-label={`Manage ${inquiry.name}`}
              >
                Manage
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
