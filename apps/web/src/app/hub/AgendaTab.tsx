import { AgendaCalendar } from '../../features/agenda/AgendaCalendar';
import { CalendarFeed } from '../../features/agenda/CalendarFeed';
import { UntimedRequests } from '../../features/agenda/UntimedRequests';
import { Receivables } from '../../features/invoices/Receivables';
import { FailedMessages } from '../../features/outbox/FailedMessages';
import { NotifyButton } from '../../features/push/NotifyButton';
import { OverduePayments } from '../../features/recurring/OverduePayments';
import { LeadSources } from '../../features/summary/LeadSources';
import { RevenueSummary } from '../../features/summary/RevenueSummary';

/**
 * Agenda: the requests without a time, the cleaning calendar, payments overdue, money owed on invoices, the revenue
 * summary, where leads come from, then the phone calendar feed and push notices.
 */
export function AgendaTab() {
  return (
    <div className="space-y-10">
      <FailedMessages />
      <UntimedRequests />
      <AgendaCalendar />
      <OverduePayments />
      <Receivables />
      <RevenueSummary />
      <LeadSources />
      <CalendarFeed />
      <NotifyButton />
    </div>
  );
}
