import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_DAYS,
  type InvitationAccept,
  type SiteConfig,
  type TeamMember,
  type teamMemberChange,
  type teamMemberCreate,
} from '@clean/shared';
import { hash } from '@node-rs/argon2';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../../lib/errors';
import { enqueueMails } from '../../lib/outbox';
import { type MemberRow, type Tx, teamStore } from './store';

export const JOIN_PATH = '/join';

export const NO_MEMBER = 'There is no team member with that id.';
export const INVITATION_USED =
  'This invitation has already been used. Sign in at /signin with your e-mail address.';
export const INVITATION_ENDED = 'This invitation has expired. Ask the owner to send you a new one.';
const ACCEPTED = 'This team member has already set their password; they can reset it at /forgot-password.';
export const INVITATION_UNKNOWN = 'This invitation link does not work. Ask the owner to send you a new one.';

export type TeamServiceOptions = {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'site'>;
  /** The clock of invitations' validity: tests move it. */
  now: () => Date;
  /** The business facts in force (features/site): the owner's saved edits over the configured defaults. */
  siteFacts: () => Promise<SiteConfig>;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const toTeamMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  role: row.role === 'owner' ? 'owner' : 'cleaner',
  name: row.name,
  email: row.email,
  phone: row.phone,
  pay:
    row.payKind && row.payAmount !== null
      ? { kind: row.payKind as 'hourly' | 'per_visit', amount: row.payAmount }
      : null,
  status: row.role === 'owner' ? 'owner' : row.removedAt ? 'removed' : row.accepted ? 'active' : 'invited',
  removed_at: row.removedAt?.toISOString() ?? null,
});

export function teamService(o: TeamServiceOptions) {
  const store = teamStore(o.db);

  /** The invitation mail, queued in the transaction that creates the link: both commit or neither. */
  async function invite(tx: Tx, who: Invitee, business: string) {
    const token = randomBytes(32).toString('base64url');
    const now = o.now();
    const expires = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    await store.saveInvitation(tx, who.id, hashToken(token), now, expires);
    // The link is in the mail only, never in a log: whoever reads it could take the account.
    const link = `${o.config.publicUrl}${JOIN_PATH}?token=${encodeURIComponent(token)}`;
    await enqueueMails(tx as unknown as Db, [
      {
        to: who.email,
        subject: `${business}: you are invited to join the team`,
        text:
          `Hello ${who.name},\n\n${business} has added you to the team. Open this link within ${INVITATION_DAYS} days ` +
          `to choose your password:\n${link}\n\nThen sign in at ${o.config.publicUrl}/signin with this e-mail ` +
          'address to see your visits.\n',
      },
    ]);
  }

  async function member(id: number): Promise<TeamMember> {
    const row = await store.byId(id);
    if (!row) throw new NotFoundError(NO_MEMBER);
    return toTeamMember(row);
  }

  /** Why an invitation's token does not open the form (null: it does). */
  async function invitationProblem(token: string): Promise<InvitationProblem | null> {
    const row = await store.invitation(hashToken(token));
    if (!row) return { status: 404, message: INVITATION_UNKNOWN };
    if (row.usedAt) return { status: 409, message: INVITATION_USED };
    if (row.removedAt || row.expiresAt <= o.now()) return { status: 410, message: INVITATION_ENDED };
    return null;
  }

  return {
    list: async () => (await store.list()).map(toTeamMember),

    /** Adds a cleaner who cannot sign in until they accept: their password is a hash of random bytes. */
    async create(input: z.output<typeof teamMemberCreate>): Promise<TeamMember> {
      const business = (await o.siteFacts()).businessName;
      const passwordHash = await hash(randomBytes(32).toString('base64url'));
      const id = await o.db
        .transaction(async (tx) => {
          const id = await store.insertCleaner(tx, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            payKind: input.pay.kind,
            payAmount: input.pay.amount,
            passwordHash,
          });
          await invite(tx, { id, email: input.email, name: input.name }, business);
          return id;
        })
        .catch((err) => {
          if (pgErrorCode(err) === '23505')
            throw new ConflictError(
              `${input.email} is already on the team (or was, and was removed: their record stays).`,
            );
          throw err;
        });
      return member(id);
    },

    /** Changes a member still on the team, under their row lock (what it checks cannot change meanwhile). */
    async change(id: number, input: z.output<typeof teamMemberChange>): Promise<TeamMember> {
      const business = (await o.siteFacts()).businessName;
      await o.db.transaction(async (tx) => {
        const current = await store.lock(tx, id);
        if (!current) throw new NotFoundError(NO_MEMBER);
        if (current.removedAt)
          throw new ConflictError('This team member was removed; their record only stays.');
        refuseForOwner(current, input);
        if (input.resend_invitation && current.accepted) throw new ConflictError(ACCEPTED);
        await store.update(tx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.pay ? { payKind: input.pay.kind, payAmount: input.pay.amount } : {}),
        });
        if (input.resend_invitation && current.email)
          await invite(tx, { id, email: current.email, name: input.name ?? current.name ?? '' }, business);
      });
      return member(id);
    },

    /** Ends every session of the cleaner at once and keeps their history; removing one already gone changes nothing. */
    async remove(id: number): Promise<void> {
      if (await store.remove(id, o.now())) return;
      const row = await store.byId(id);
      if (!row) throw new NotFoundError(NO_MEMBER);
      if (row.role === 'owner') throw new ValidationError('The owner cannot be removed from the team.');
    },

    invitationProblem,

    /** Sets the member's password with their invitation, once; a used, expired or unknown one changes nothing. */
    async accept(input: InvitationAccept): Promise<void> {
      const passwordHash = await hash(input.password);
      if (await store.accept(hashToken(input.token), passwordHash, o.now())) return;
      const problem = await invitationProblem(input.token);
      if (problem?.status === 410) throw new GoneError(problem.message);
      if (problem?.status === 409) throw new ConflictError(problem.message);
      throw new NotFoundError(problem?.message ?? INVITATION_UNKNOWN);
    },
  };
}

type Invitee = { id: number; email: string; name: string };
export type InvitationProblem = { status: 404 | 409 | 410; message: string };
export type TeamService = ReturnType<typeof teamService>;

/** The owner has no pay and no invitation: they signed up with the site. */
function refuseForOwner(row: MemberRow, input: z.output<typeof teamMemberChange>) {
  if (row.role !== 'owner') return;
  if (input.pay) throw new ValidationError('pay: the owner is not paid through the team page.');
  if (input.resend_invitation) throw new ValidationError('resend_invitation: the owner needs no invitation.');
}
