import { randomBytes } from 'node:crypto';
import { ADMIN_USERNAME, type User } from '@clean/shared';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { UnauthorizedError, ValidationError } from '../../lib/errors';
import { authStore, type UserRow } from './store';
import { hashResetToken, newResetToken, sessionTokens } from './tokens';

export type AuthServiceOptions = {
  db: Db;
  log: FastifyBaseLogger;
  jwtSecret: string;
  tokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  publicUrl: string;
  /** The business name in force when a mail goes out (the owner may rename it in the hub). */
  businessName: () => Promise<string>;
};

export const toPublicUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  is_admin: row.role === 'owner',
});

/** A team member's username is their e-mail address, kept lower-cased (features/team): typed in any case. */
const accountName = (username: string) => (username.includes('@') ? username.toLowerCase() : username);

export function authService(o: AuthServiceOptions) {
  const store = authStore(o.db);
  const tokens = sessionTokens(o.jwtSecret, o.tokenTtlSeconds);
  // Verifying against a real hash when the user is unknown keeps sign-in time the same either way.
  const decoyHash = hash(randomBytes(16).toString('hex'));

  return {
    /** Returns a session token; UnauthorizedError when the username or password is wrong. */
    async signin(username: string, password: string): Promise<string> {
      const user = await store.byUsername(accountName(username));
      const ok = await verify(user?.passwordHash ?? (await decoyHash), password);
      if (!user || !ok || user.removedAt) throw new UnauthorizedError('Invalid username or password.');
      return tokens.sign({ userId: user.id, version: user.tokenVersion });
    },

    /** The user a session token belongs to, or null when it is forged, expired or predates a reset. */
    async userFromToken(token: string): Promise<UserRow | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const user = await store.byId(claims.userId);
      return user && user.tokenVersion === claims.version && !user.removedAt ? user : null;
    },

    /** E-mails a reset link if the user exists; says nothing about whether they do. */
    async forgotPassword(username: string): Promise<void> {
      const user = await store.byUsername(accountName(username));
      if (!user?.email) {
        o.log.info({ username }, 'password reset asked for an unknown user or one without e-mail');
        return;
      }
      const { token, hash: tokenHash } = newResetToken();
      const link = `${o.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      const minutes = Math.round(o.resetTokenTtlSeconds / 60);
      // Through the outbox like every other mail: retried while SMTP is down, sent once the token is committed.
      await store.saveResetToken(user.id, tokenHash, new Date(Date.now() + o.resetTokenTtlSeconds * 1000), {
        to: user.email,
        subject: `${await o.businessName()}: reset your password`,
        text: `Someone asked to reset the password of the "${user.username}" account.\n\nOpen this link within ${minutes} minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this e-mail; your password stays the same.`,
      });
      // Never the link itself: whoever reads the log could take the account over with it.
      o.log.info({ username }, 'password reset link queued');
    },

    /** Sets a new password with a reset link's token (from the Authorization header), once. */
    async resetPassword(resetToken: string | null, newPassword: string): Promise<void> {
      if (!resetToken) throw new UnauthorizedError('Invalid or missing token.');
      const ok = await store.resetPassword(hashResetToken(resetToken), await hash(newPassword));
      if (!ok)
        throw new ValidationError('This reset link is invalid, expired or already used. Ask for a new one.');
    },

    /** Creates the admin account at first start; returns the generated password when none was configured. */
    async ensureAdmin(password: string | undefined, email: string): Promise<string | null> {
      if (await store.byUsername(ADMIN_USERNAME)) return null;
      const chosen = password ?? randomBytes(12).toString('base64url');
      await store.create({ username: ADMIN_USERNAME, email, passwordHash: await hash(chosen) });
      return password ? null : chosen;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
