import { z } from 'zod';
import { requiredText } from '../common/fields';
import { money } from '../common/money';
import { isoInstant } from '../common/responses';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { phoneNumber } from '../inquiries/schemas';

export const PAY_KINDS = ['hourly', 'per_visit'] as const;
export type PayKind = (typeof PAY_KINDS)[number];

/** How a cleaner is paid: `amount` an hour of clocked time, or a flat amount a visit. */
export const payInput = z.object(
  {
    kind: z.enum(PAY_KINDS, { error: `pay.kind must be one of: ${PAY_KINDS.join(', ')}.` }),
    amount: money('pay.amount'),
  },
  { error: 'pay is required: { kind, amount }.' },
);

/** A cleaner's e-mail address, also their username: kept lower-cased, so one address is one account. */
const memberEmail = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .refine((v) => z.email().safeParse(v).success, 'Email must be a valid e-mail address.');

/** POST /api/team (owner): adds a cleaner and mails their invitation. */
export const teamMemberCreate = z.strictObject({
  name: requiredText('Name', 100),
  email: memberEmail,
  phone: phoneNumber,
  pay: payInput,
});
export type TeamMemberCreate = z.input<typeof teamMemberCreate>;

/** PATCH /api/team/{id} (owner): any of the fields; `resend_invitation` mails a new link and ends the older one. */
export const teamMemberChange = z.strictObject({
  name: requiredText('Name', 100).optional(),
  phone: phoneNumber.optional(),
  pay: payInput.optional(),
  resend_invitation: z.boolean({ error: 'resend_invitation must be true or false.' }).optional(),
});
export type TeamMemberChange = z.input<typeof teamMemberChange>;

/** `invited`: has not set a password yet; `active`: has; `removed`: the owner removed them (history stays). */
export const TEAM_MEMBER_STATUSES = ['owner', 'invited', 'active', 'removed'] as const;

export const teamMemberSchema = z.object({
  id: z.number(),
  role: z.enum(['owner', 'cleaner']),
  /** The owner's is null until they give one (the business name stands for them). */
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  pay: z.object({ kind: z.enum(PAY_KINDS), amount: z.number() }).nullable(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  removed_at: isoInstant.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamListResponse = z.array(teamMemberSchema);

/** POST /api/team/invitations/accept, and the /join page's form: the link's token and the chosen password. */
export const invitationAccept = z.object({
  token: z.string({ error: 'token is required.' }).trim().min(1, 'token is required.').max(100),
  password: z
    .string({ error: 'Password is required.' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type InvitationAccept = z.infer<typeof invitationAccept>;
