import type { TeamMember } from '@clean/shared';
import { formatPhone } from '@clean/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../lib/ui/Button';
import { Fact, Facts, HubCard } from '../../lib/ui/HubCard';
import { HubEditForm } from '../../lib/ui/HubEditForm';
import { PhoneField } from '../../lib/ui/PhoneField';
import { TextField } from '../../lib/ui/TextField';
import { useSubmit } from '../../lib/useSubmit';
import { useChangeMember } from './api';
import { PayInputs } from './PayInputs';
import { type PayFields, payText } from './pay';

const STATUS_TEXT: Record<TeamMember['status'], string> = {
  owner: 'Owner',
  invited: 'Invited: has not set a password yet',
  active: 'Active',
  removed: 'Removed',
};

export const memberName = (member: TeamMember) => member.name ?? 'You (the owner)';

/**
 * One team member. `children` is what else the owner reads about them under their facts (their pay summary);
 * `actions` are the card's buttons (edit, new invitation, remove), which TeamSection gives.
 */
export function MemberCard({
  member,
  actions,
  children,
}: {
  member: TeamMember;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <HubCard subject={memberName(member)} title={memberName(member)}>
      <Facts>
        <Fact term="Status">{STATUS_TEXT[member.status]}</Fact>
        <Fact term="E-mail" className="break-words">
          {member.email ?? '—'}
        </Fact>
        <Fact term="Phone">{member.phone ? formatPhone(member.phone) : '—'}</Fact>
        {member.role === 'cleaner' && <Fact term="Pay">{payText(member.pay)}</Fact>}
      </Facts>
      {children}
      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
    </HubCard>
  );
}

type Values = { name: string; phone: string } & PayFields;

/** The edit form in place of the card: name, phone and (a cleaner's) pay. */
export function MemberEditForm({
  member,
  onSaved,
  onCancel,
}: {
  member: TeamMember;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const change = useChangeMember();
  const outcome = useSubmit(change, 'Could not save the changes.');
  const { register, control, handleSubmit } = useForm<Values>({
    defaultValues: {
      name: member.name ?? '',
      phone: member.phone ?? '',
      payKind: member.pay?.kind ?? 'hourly',
      payAmount: member.pay ? String(member.pay.amount) : '',
    },
  });
  const cleaner = member.role === 'cleaner';
  const onSubmit = handleSubmit((v) =>
    outcome.run(
      {
        id: member.id,
        name: v.name,
        phone: v.phone,
        ...(cleaner ? { pay: { kind: v.payKind, amount: v.payAmount } } : {}),
      },
      onSaved,
    ),
  );
  return (
    <HubEditForm
      subject={memberName(member)}
      title={memberName(member)}
      onSubmit={onSubmit}
      error={outcome.error}
      busy={outcome.busy}
      onCancel={onCancel}
    >
      <TextField label="Name" required autoComplete="off" {...register('name')} />
      <PhoneField control={control} name="phone" label="Phone" autoComplete="off" />
      {cleaner && <PayInputs register={register} />}
    </HubEditForm>
  );
}

/** A button of a member's card, named for the member ("Remove Ana Lima"). */
export function MemberButton({
  member,
  label,
  danger = false,
  onClick,
  disabled,
}: {
  member: TeamMember;
  label: string;
  danger?: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      variant={danger ? 'ghost' : 'secondary'}
      className={danger ? 'text-red-700 hover:bg-red-50' : undefined}
      aria-label={`${label} ${memberName(member)}`}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}
