import { AgendaCalendar } from '../agenda/AgendaCalendar';
import { RevenueSummary } from '../summary/RevenueSummary';

/** Agenda: the cleaning calendar, then the revenue summary. */
export function AgendaTab() {
  return (
    <div className="space-y-10">
      <AgendaCalendar />
      <RevenueSummary />
    </div>
  );
}
