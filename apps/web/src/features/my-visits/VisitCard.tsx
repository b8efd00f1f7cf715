import { formatPhone, type MyVisit } from '@clean/shared';
import { useId } from 'react';
import { formatMinutes } from '../../lib/duration';
import { useSiteConfig } from '../../lib/site-config';
import { ExternalLink } from '../../lib/ui/ExternalLink';
import { Checklist } from './Checklist';
import { ClockControl } from './ClockControl';
import { clockTime } from './days';
import { PhotoUpload } from './PhotoUpload';
import { VisitActions } from './VisitActions';

const linkClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center font-semibold text-brand-800 underline';

/** One visit: when, who, where, what, the home's access notes, the checklist and the taps of `user` (the cleaner). */
export function VisitCard({ visit, user }: { visit: MyVisit; user: number }) {
  const { timezone } = useSiteConfig();
  const headingId = useId();
  const minutes = Math.round((Date.parse(visit.end) - Date.parse(visit.start)) / 60_000);
  const done = visit.status === 'done';
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <header>
        <h3 id={headingId} className="text-xl font-bold text-brand-950">
          {clockTime(visit.start, timezone)} – {clockTime(visit.end, timezone)}
        </h3>
        <p className="text-base text-stone-800">
          {formatMinutes(minutes)} · {visit.first_name_last_initial}
          {done && (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-sm text-brand-900">Done</span>
          )}
        </p>
      </header>
      <div className="space-y-1 text-base text-stone-800">
        {visit.address && (
          <p>
            {visit.address}{' '}
            {visit.map_url && (
              <ExternalLink href={visit.map_url} className={linkClass}>
                Map
              </ExternalLink>
            )}
          </p>
        )}
        {visit.phone_number && (
          <p>
            <a href={`tel:${visit.phone_number}`} className={linkClass}>
              Call {formatPhone(visit.phone_number)}
            </a>
          </p>
        )}
        {visit.package && (
          <p>
            <span className="font-semibold">{visit.package}</span>
            {visit.extras.length > 0 && ` + ${visit.extras.join(', ')}`}
          </p>
        )}
      </div>
      {visit.access_notes && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-base text-amber-950">
          <p className="text-sm font-semibold">Access notes</p>
          <p className="whitespace-pre-line">{visit.access_notes}</p>
        </div>
      )}
      <Checklist visitKey={visit.key} items={visit.checklist} />
      {!done && <VisitActions visitKey={visit.key} />}
      <ClockControl visitKey={visit.key} user={user} />
      <PhotoUpload visitKey={visit.key} />
    </article>
  );
}
