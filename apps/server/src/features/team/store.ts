import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamInvitations, users } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whether the member has set a password with an invitation (the owner's account never had one). */
// Spelled out: drizzle writes a column in sql`` without its table, which inside a subquery names the inner one.
const accepted = sql<boolean>`exists (select 1 from team_invitations i where i.user_id = users.id and i.used_at is not null)`;

const memberColumns = {
  id: users.id,
  role: users.role,
  name: users.name,
  email: users.email,
  phone: users.phone,
  payKind: users.payKind,
  payAmount: users.payAmount,
  removedAt: users.removedAt,
  accepted,
};
export type MemberRow = {
  id: number;
  role: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  payKind: string | null;
  payAmount: number | null;
  removedAt: Date | null;
  accepted: boolean;
};

export type NewCleaner = {
  name: string;
  email: string;
  phone: string | null;
  payKind: string;
  payAmount: number;
  passwordHash: string;
};

export const teamStore = (db: Db) => ({
  /** The owner first, then the cleaners by name (removed ones last), each once. */
  async list(): Promise<MemberRow[]> {
    return db
      .select(memberColumns)
      .from(users)
      .orderBy(
        sql`${users.role} <> 'owner'`,
        sql`${users.removedAt} is not null`,
        sql`lower(coalesce(${users.name}, ''))`,
        asc(users.id),
      );
  },

  async byId(id: number, on: Db | Tx = db): Promise<MemberRow | undefined> {
    const [row] = await on.select(memberColumns).from(users).where(eq(users.id, id));
    return row;
  },

  /** The new cleaner's row; the username's unique index refuses a second account for one address. */
  async insertCleaner(tx: Tx, c: NewCleaner): Promise<number> {
    const [row] = await tx
      .insert(users)
      .values({
        username: c.email,
        email: c.email,
        passwordHash: c.passwordHash,
        role: 'cleaner',
        name: c.name,
        phone: c.phone,
        payKind: c.payKind,
        payAmount: c.payAmount,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('insertCleaner: no row');
    return row.id;
  },

  /**
   * The member's row, locked until the transaction ends: a change and an invitation's acceptance of one member take
   * it first, so one waits for the other and then reads what it did (whether the password is set).
   */
  async lock(tx: Tx, id: number): Promise<MemberRow | undefined> {
    const [row] = await tx.select(memberColumns).from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  async update(tx: Tx, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
    if (Object.keys(values).length > 0) await tx.update(users).set(values).where(eq(users.id, id));
  },

  /**
   * Removes a cleaner in one statement: `removed_at` and a new token version together, so every session they hold
   * is refused by every server from the next request on (each request reads the user's row). False when there is
   * no cleaner still on the team with that id.
   */
  async remove(id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ removedAt: now, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(active(id), eq(users.role, 'cleaner')))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** A new invitation for `userId`; any earlier link still open ends now (410), so only the newest one works. */
  async saveInvitation(tx: Tx, userId: number, tokenHash: string, now: Date, expiresAt: Date) {
    await tx
      .update(teamInvitations)
      .set({ expiresAt: now })
      .where(
        and(
          eq(teamInvitations.userId, userId),
          isNull(teamInvitations.usedAt),
          gt(teamInvitations.expiresAt, now),
        ),
      );
    await tx.insert(teamInvitations).values({ userId, tokenHash, expiresAt, createdAt: now });
  },

  /** An invitation by its token's hash, with whether its member is still on the team. */
  async invitation(tokenHash: string, on: Db | Tx = db) {
    const [row] = await on
      .select({
        userId: teamInvitations.userId,
        expiresAt: teamInvitations.expiresAt,
        usedAt: teamInvitations.usedAt,
        removedAt: users.removedAt,
      })
      .from(teamInvitations)
      .innerJoin(users, eq(users.id, teamInvitations.userId))
      .where(eq(teamInvitations.tokenHash, tokenHash));
    return row;
  },

  /**
   * Uses an open invitation and sets the member's password, in one transaction under the member's row lock (taken
   * first, as a change takes it): the UPDATE … WHERE unused and unexpired decides which of two simultaneous posts
   * wins. False when the invitation is not open (the caller reads why); then nothing changed.
   */
  async accept(tokenHash: string, passwordHash: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [invitation] = await tx
        .select({ userId: teamInvitations.userId })
        .from(teamInvitations)
        .where(eq(teamInvitations.tokenHash, tokenHash));
      if (!invitation) return false;
      const member = await this.lock(tx, invitation.userId);
      if (!member || member.removedAt) return false;
      const [used] = await tx
        .update(teamInvitations)
        .set({ usedAt: now })
        .where(
          and(
            eq(teamInvitations.tokenHash, tokenHash),
            isNull(teamInvitations.usedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        )
        .returning({ userId: teamInvitations.userId });
      if (!used) return false;
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, used.userId));
      return true;
    });
  },
});

const active = (id: number): SQL | undefined => and(eq(users.id, id), isNull(users.removedAt));
