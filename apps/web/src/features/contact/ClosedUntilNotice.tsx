import { type ContactStatus, formatDateTime } from '@clean/shared';
import { useSiteConfig } from '../../lib/site-config';

/**
 * While the booking form is closed: the owner's message and when it opens again, in the business's time zone
 * (long date, 12-hour clock). Renders nothing when the owner gave neither.
 */
export function ClosedUntilNotice({ status }: { status: ContactStatus | undefined }) {
  const { timezone } = useSiteConfig();
  if (!status || status.is_open || (!status.message && !status.reopens_at)) return null;
  const reopens = status.reopens_at ? formatDateTime(status.reopens_at, timezone) : null;
  return (
    <div className="mt-4 space-y-2 rounded-xl bg-brand-50 px-4 py-3 text-stone-800">
      {status.message && <p className="break-words whitespace-pre-line">{status.message}</p>}
      {reopens && (
        <p>
          We’re taking booking requests again from <strong className="font-semibold">{reopens}</strong>.
        </p>
      )}
    </div>
  );
}
