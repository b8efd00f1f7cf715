import { INVITATION_DAYS, type TeamMember } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../lib/failure';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { HubSection } from '../../lib/ui/HubSection';
import { InlineLoading } from '../../lib/ui/Loading';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { type SaveStatusState, useSaveStatus } from '../../lib/useSaveStatus';
import { AddCleanerForm } from './AddCleanerForm';
import { teamQueryOptions, useChangeMember, useRemoveMember } from './api';
import { MemberButton, MemberCard, MemberEditForm, memberName } from './MemberCard';
import { PayReport } from './PayReport';

/**
 * The hub's Team tab (docs/product.md#the-team): the owner and their cleaners, each editable, a new invitation for
 * one who has not accepted yet, removal after asking; what happened is said once, above the list ("Saved …").
 */
export function TeamSection() {
  const team = useQuery(teamQueryOptions);
  const status = useSaveStatus();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  return (
    <div className="space-y-6">
      <HubSection title="Team">
        <SaveStatus state={status} />
        {team.isPending ? (
          <InlineLoading label="Loading the team..." />
        ) : team.error ? (
          <p role="alert">{failureMessage('Could not load the team.', team.error)}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Team members">
            {team.data.map((member) => (
              <li key={member.id}>
                <TeamMemberItem member={member} status={status} onRemove={() => setRemoving(member)} />
              </li>
            ))}
          </ul>
        )}
      </HubSection>
      <HubSection title="Add a cleaner">
        <p className="text-sm text-stone-700">
          They get an e-mail with a link to choose their password (valid {INVITATION_DAYS} days, once), then
          sign in at /signin with their e-mail address and see only their own visits.
        </p>
        <AddCleanerForm />
      </HubSection>
      <RemoveDialog member={removing} status={status} onClose={() => setRemoving(null)} />
    </div>
  );
}

/** One member: the card with its buttons, or its edit form. */
function TeamMemberItem({
  member,
  status,
  onRemove,
}: {
  member: TeamMember;
  status: SaveStatusState;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const change = useChangeMember();
  if (editing)
    return (
      <MemberEditForm
        member={member}
        onCancel={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          status.show({ tone: 'success', text: `Saved ${memberName(member)}’s changes.` });
        }}
      />
    );
  const resend = () =>
    status.attempt(
      async () => {
        await change.mutateAsync({ id: member.id, resend_invitation: true });
        return `Saved. A new invitation is on its way to ${member.email}; the older link no longer works.`;
      },
      (err) => failureMessage('Could not send a new invitation.', err),
    );
  const removed = member.status === 'removed';
  return (
    <MemberCard
      member={member}
      actions={
        !removed && (
          <>
            <MemberButton member={member} label="Edit" onClick={() => setEditing(true)} />
            {member.status === 'invited' && (
              <MemberButton
                member={member}
                label="Send new invitation"
                onClick={resend}
                disabled={change.isPending}
              />
            )}
            {member.role === 'cleaner' && (
              <MemberButton member={member} label="Remove" danger onClick={onRemove} />
            )}
          </>
        )
      }
    >
      {member.role === 'cleaner' && <PayReport member={{ id: member.id, name: memberName(member) }} />}
    </MemberCard>
  );
}

/** "Remove Ana?" asked first: removal ends every session of theirs at once; their history stays. */
function RemoveDialog({
  member,
  status,
  onClose,
}: {
  member: TeamMember | null;
  status: SaveStatusState;
  onClose: () => void;
}) {
  const remove = useRemoveMember();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!member) return;
    setError(null);
    remove.mutate(member.id, {
      onSuccess: () => {
        close();
        status.show({
          tone: 'success',
          text: `Saved. ${memberName(member)} is removed from the team; they are signed out everywhere.`,
        });
      },
      onError: (err) => setError(failureMessage('Could not remove them.', err)),
    });
  };
  return (
    <ConfirmDialog
      open={member !== null}
      title={member ? `Remove ${memberName(member)}?` : 'Remove'}
      confirmLabel="Remove"
      busyLabel="Removing..."
      busy={remove.isPending}
      error={error}
      onConfirm={confirm}
      onClose={close}
    >
      <p>
        They are signed out at once and can no longer sign in. Their visits, clock records and pay stay in
        your records.
      </p>
    </ConfirmDialog>
  );
}
