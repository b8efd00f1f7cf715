import { type AgendaOneTime, formatDateTime, formatMoney, formatPhone, type Visit } from '@clean/shared';
import { useState } from 'react';
import { Button } from '../../lib/ui/Button';
import { ContactLinks } from '../../lib/ui/ContactLinks';
import { Dialog } from '../../lib/ui/Dialog';
import { HomeAddress } from '../../lib/ui/HomeAddress';
import { AssignCleaner } from './AssignCleaner';
import { CustomerNotes } from './CustomerNotes';
import type { AgendaEvent } from './events';
import { RequestDetails } from './RequestDetails';
import { VisitActions } from './VisitActions';
import { VisitWork } from './VisitWork';

const TYPE = {
  'one-time': 'One-Time Cleaning',
  recurring: 'Recurring Payment',
  visit: 'Recurring Visit',
  request: 'Booking request',
};

function PaidStatus({
  event,
  visit,
  timeZone,
}: {
  event: AgendaEvent;
  visit: Visit | null;
  timeZone: string;
}) {
  const { detail } = event;
  if (visit) return <>{visit.paid ? 'Yes' : 'No'}</>;
  if (detail.kind !== 'recurring') return <>{detail.item.paid ? 'Yes' : 'No'}</>;
  if (detail.dates.length === 0) return <>n/a</>;
  return (
    <ul className="space-y-0.5">
      {detail.dates.map((iso) => (
        <li key={iso}>{formatDateTime(iso, timeZone)}</li>
      ))}
    </ul>
  );
}

const STATUS: Record<Visit['status'], string> = {
  planned: 'Planned',
  done: 'Done',
  skipped: 'Skipped',
  requested: 'Requested',
  declined: 'Declined',
  cancelled: 'Cancelled by the customer',
};

/** "January 6, 2027 at 9:00 AM – 11:00 AM": a visit's start and end, in the business zone. */
function visitTime(visit: Visit, timeZone: string): string {
  const end = formatDateTime(visit.end, timeZone);
  return `${formatDateTime(visit.start, timeZone)} – ${end.slice(end.lastIndexOf(' at ') + 4)}`;
}

/** A one-time cleaning as a visit, for its Mark paid (when the visits could not be loaded, from the summary alone). */
const oneTimeVisit = (item: AgendaOneTime, at: string): Visit => ({
  key: `o${item.cleaning_id}`,
  kind: 'one_time',
  inquiry_id: item.inquiry_id,
  inquiry_name: item.inquiry_name,
  phone_number: item.phone_number,
  email: item.email,
  call_or_text: item.call_or_text,
  town: item.town,
  street_address: item.street_address,
  zip: item.zip,
  access_notes: item.access_notes,
  start: at,
  end: at,
  original_start: null,
  status: 'planned',
  paid: item.paid,
  amount: 0,
  notes: item.notes,
  one_time_cleaning_id: item.cleaning_id,
  recurring_payment_id: null,
  recurring_paid_id: null,
  requested_frequency: null,
  hold_lapses_at: null,
  cleaner_id: null,
  cleaner_name: null,
  // Not read from the visits: its Mark paid goes without If-Match.
  version: '',
});

type Props = { event: AgendaEvent | null; timeZone: string; onClose: () => void };

/**
 * The panel a clicked calendar event opens (docs/product.md#agenda), dates in the business zone. A planned visit's
 * panel offers Done & paid, Skip and Move; a one-time cleaning's, Mark paid.
 */
export function EventDetails({ event, ...rest }: Props) {
  if (!event) return null;
  if (event.detail.kind === 'request')
    return (
      <Dialog key={event.id} open onClose={rest.onClose} title={event.title} className="max-w-lg">
        <RequestDetails visit={event.detail.item} timeZone={rest.timeZone} />
        <ContactLinks
          className="mt-4"
          name={event.detail.item.inquiry_name}
          phone={event.detail.item.phone_number}
          email={event.detail.item.email}
          prefers={event.detail.item.call_or_text}
        />
        <div className="mt-6 flex justify-end">
          <Button onClick={rest.onClose}>Close</Button>
        </div>
      </Dialog>
    );
  return <EventPanel key={event.id} event={event} {...rest} />;
}

function EventPanel({ event, timeZone, onClose }: Props & { event: AgendaEvent }) {
  const { detail } = event;
  // What the server last said about this visit: the panel shows a change at once, before the calendar refreshes.
  const [acted, setActed] = useState<Visit | null>(null);
  const actionable =
    acted ??
    (detail.kind === 'visit'
      ? detail.item
      : detail.kind === 'one-time'
        ? { ...(detail.visit ?? oneTimeVisit(detail.item, detail.at)), paid: detail.item.paid }
        : null);
  const visit = detail.kind === 'visit' ? actionable : null;
  if (detail.kind === 'request') return null;
  const notes = detail.item.notes;
  return (
    <Dialog open onClose={onClose} title={event.title} className="max-w-lg">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-stone-800">
        <dt className="font-semibold text-stone-600">Type</dt>
        <dd>{TYPE[detail.kind]}</dd>
        <dt className="font-semibold text-stone-600">Inquiry Name</dt>
        <dd className="break-words">{detail.item.inquiry_name}</dd>
        <dt className="font-semibold text-stone-600">Date</dt>
        <dd>{visit ? visitTime(visit, timeZone) : formatDateTime(detail.at, timeZone)}</dd>
        {visit && (
          <>
            <dt className="font-semibold text-stone-600">Status</dt>
            <dd>
              {STATUS[visit.status]}
              {visit.original_start ? ` (moved from ${formatDateTime(visit.original_start, timeZone)})` : ''}
            </dd>
            <dt className="font-semibold text-stone-600">Amount</dt>
            <dd>{formatMoney(visit.amount)}</dd>
          </>
        )}
        {!visit && actionable?.status === 'cancelled' && (
          <>
            <dt className="font-semibold text-stone-600">Status</dt>
            <dd>{STATUS.cancelled}</dd>
          </>
        )}
        <dt className="font-semibold text-stone-600">Phone</dt>
        <dd>{detail.item.phone_number ? formatPhone(detail.item.phone_number) : 'No phone number'}</dd>
        {detail.item.town && (
          <>
            <dt className="font-semibold text-stone-600">Town</dt>
            <dd>{detail.item.town}</dd>
          </>
        )}
        <dt className="font-semibold text-stone-600">Address</dt>
        <dd>
          <HomeAddress parts={detail.item} />
        </dd>
        {detail.item.access_notes && (
          <>
            <dt className="font-semibold text-stone-600">Access</dt>
            <dd className="break-words whitespace-pre-line">{detail.item.access_notes}</dd>
          </>
        )}
        <CustomerNotes inquiryId={detail.item.inquiry_id} name={detail.item.inquiry_name} />
        <dt className="font-semibold text-stone-600">Cleaning notes</dt>
        <dd className="break-words whitespace-pre-line">{notes || 'No notes'}</dd>
        <dt className="font-semibold text-stone-600">
          {detail.kind === 'recurring' ? 'Paid Dates' : 'Paid'}
        </dt>
        <dd>
          <PaidStatus event={event} visit={actionable} timeZone={timeZone} />
        </dd>
      </dl>
      {actionable && <VisitActions visit={actionable} timeZone={timeZone} onChange={setActed} />}
      {actionable?.version && actionable.status !== 'cancelled' && (
        <AssignCleaner visit={actionable} onChange={setActed} />
      )}
      {actionable?.cleaner_id != null && <VisitWork visitKey={actionable.key} timeZone={timeZone} />}
      <ContactLinks
        className="mt-4"
        name={detail.item.inquiry_name}
        phone={detail.item.phone_number}
        email={detail.item.email}
        prefers={detail.item.call_or_text}
      />
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
