import { AgendaCalendar } from '../agenda/AgendaCalendar';
import { CalendarFeed } from '../agenda/CalendarFeed';
import { OverduePayments } from '../recurring/OverduePayments';
import { RevenueSummary } from '../summary/RevenueSummary';

/** Agenda: the cleaning calendar, payments overdue, the revenue summary, then the phone calendar feed. */
export function AgendaTab() {
  return (
    <div className="space-y-10">
      <AgendaCalendar />
      <OverduePayments />
      <RevenueSummary />
      <CalendarFeed />
    </div>
  );
}
