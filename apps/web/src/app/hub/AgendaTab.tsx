import { AgendaCalendar } from '../../features/agenda/AgendaCalendar';
import { CalendarFeed } from '../../features/agenda/CalendarFeed';
import { FailedMessages } from '../../features/outbox/FailedMessages';
import { NotifyButton } from '../../features/push/NotifyButton';
import { OverduePayments } from '../../features/recurring/OverduePayments';
import { RevenueSummary } from '../../features/summary/RevenueSummary';

/** Agenda: the cleaning calendar, payments overdue, the revenue summary, then the phone calendar feed and push notices. */
export function AgendaTab() {
  return (
    <div className="space-y-10">
      <FailedMessages />
      <AgendaCalendar />
      <OverduePayments />
      <RevenueSummary />
      <CalendarFeed />
      <NotifyButton />
    </div>
  );
}
