import { formatDateTime, formatMoney, type RecurringPayment, type VisitConflict } from '@clean/shared';
import { useState } from 'react';
import { useSiteConfig } from '../../lib/site-config';
import { ConflictsWarning } from '../../lib/ui/ConflictsWarning';
import { DependantsDeleteDialog } from '../../lib/ui/DependantsDeleteDialog';
import { CardActions, Fact, Facts, HubCard, NotesFact } from '../../lib/ui/HubCard';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { useCardEdit } from '../../lib/useCardEdit';
import { useDefaultVisitMinutes } from '../visits/api';
import { useDeleteSchedule } from './api';
import { ScheduleEditForm } from './ScheduleEditForm';
import { subjectOf } from './subject';

/** One schedule in the list: its facts and visits, edited in place, deleted with what depends on it. */
export function ScheduleCard({ schedule, overdue }: { schedule: RecurringPayment; overdue: boolean }) {
  const card = useCardEdit();
  const [confirming, setConfirming] = useState(false);
  // The conflicts the server found when the last edit was saved (it saves regardless).
  const [saved, setSaved] = useState<VisitConflict[]>();
  const remove = useDeleteSchedule();

  if (card.editing)
    return (
      <ScheduleEditForm
        schedule={schedule}
        onSaved={(result) => {
          setSaved(result.conflicts);
          card.saved();
        }}
        onCancel={card.cancel}
      />
    );
  return (
    <HubCard subject={subjectOf(schedule)} title={schedule.inquiry_name}>
      {overdue && <OverdueBadge />}
      <Facts>
        <Fact term="Amount">{formatMoney(schedule.amount)}</Fact>
        <Fact term="Frequency" className="break-words">
          {schedule.frequency || 'Not set'}
        </Fact>
        <Fact term="Visits">
          <VisitsFact schedule={schedule} />
        </Fact>
        <NotesFact notes={schedule.notes} />
      </Facts>
      <ConflictsWarning conflicts={saved} saved />
      <SaveStatus state={card.status} />
      <CardActions subject={subjectOf(schedule)} onEdit={card.edit} onDelete={() => setConfirming(true)} />
      {confirming && (
        <DependantsDeleteDialog
          title="Delete recurring payment schedule?"
          question={
            <>
              Delete the {schedule.frequency ? `${schedule.frequency.toLowerCase()} ` : ''}schedule of{' '}
              <strong>{schedule.inquiry_name}</strong>? This cannot be undone.
            </>
          }
          everythingQuestion={
            <>
              Delete the schedule of <strong>{schedule.inquiry_name}</strong> together with its paid records?
              This cannot be undone.
            </>
          }
          failure="Failed to delete the recurring payment schedule."
          onDelete={(withDependants) =>
            remove.mutateAsync({ id: schedule.id, version: schedule.version, withDependants })
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </HubCard>
  );
}

/** When the schedule's visits happen, or why it puts none on the calendar (the server's visits_note). */
function VisitsFact({ schedule }: { schedule: RecurringPayment }) {
  const { timezone } = useSiteConfig();
  const minutes = useDefaultVisitMinutes();
  if (schedule.visits_note || !schedule.first_visit_at)
    return <>{schedule.visits_note ?? 'No visits on the calendar.'}</>;
  return (
    <>
      From {formatDateTime(schedule.first_visit_at, timezone)}, {schedule.duration_minutes ?? minutes} minutes
      each
    </>
  );
}

/** Marks a schedule whose next payment is more than a period plus 3 days late. */
function OverdueBadge() {
  return (
    <p className="mt-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      Overdue
    </p>
  );
}
