import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';

export type UserRow = typeof users.$inferSelect;

export const authStore = (db: Db) => ({
  async byUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.username, username));
    return row;
  },
  async byId(id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  async create(values: { username: string; email: string | null; passwordHash: string }): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
    if (row) return row;
    const existing = await this.byUsername(values.username);
    if (!existing) throw new Error(`could not create user ${values.username}`);
    return existing;
  },
  /** Saves a new reset token and retires the user's earlier unused ones. */
  /** A new reset link retires the older ones; its mail is queued in the same transaction (both or neither). */
  async saveResetToken(userId: number, tokenHash: string, expiresAt: Date, mail: Mail) {
    await db.transaction(async (tx) => {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
      await enqueueMails(tx as unknown as Db, [mail]);
    });
  },
  /**
   * Uses a reset token and sets the new password in one transaction: the token can be used once, and the
   * user's token version moves on so sessions issued before the reset stop working.
   */
  async resetPassword(tokenHash: string, passwordHash: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [token] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!token) return false;
      const [user] = await tx.select().from(users).where(eq(users.id, token.userId));
      if (!user) return false;
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: user.tokenVersion + 1 })
        .where(eq(users.id, user.id));
      return true;
    });
  },
});
