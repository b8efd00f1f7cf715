import { timeZoneLabel } from '@clean/shared';
import { useSearchParams } from 'react-router';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { InlineLoading } from '../../lib/ui/Loading';
import { useSession } from '../auth/session';
import { useMyVisits } from './api';
import { useClockReplay } from './clockTaps';
import { DayPicker } from './DayPicker';
import { dayLabel, isDay, longDay, today } from './days';
import { VisitCard } from './VisitCard';

/**
 * The signed-in cleaner's visits of one day (`?day=YYYY-MM-DD`, today in the business zone when absent), in the
 * order they start; `now` is the clock that says which day is today.
 */
export function MyVisitsDay({ now = Date.now }: { now?: () => number }) {
  const { timezone } = useSiteConfig();
  const [params] = useSearchParams();
  const todayIs = today(now(), timezone);
  const requested = params.get('day');
  const day = isDay(requested) ? requested : todayIs;
  const visits = useMyVisits(day);
  const user = useSession().user?.id;
  useClockReplay(user);

  return (
    <div className="space-y-4">
      <DayPicker day={day} todayIs={todayIs} />
      <div>
        <h2 className="text-lg font-semibold text-stone-900">
          {dayLabel(day, todayIs)}, {longDay(day)}
        </h2>
        <p className="text-sm text-stone-700">Times in {timeZoneLabel(timezone)}.</p>
      </div>
      {visits.isPending ? (
        <InlineLoading label="Loading your visits…" />
      ) : visits.isError ? (
        <Alert tone="error">
          <p>Your visits could not be loaded.</p>
          <Button variant="secondary" className="mt-2" onClick={() => void visits.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : visits.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-700">
          No visits on this day.
        </p>
      ) : (
        <ol className="space-y-4">
          {visits.data.map((visit) => (
            <li key={visit.key}>{user !== undefined && <VisitCard visit={visit} user={user} />}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
