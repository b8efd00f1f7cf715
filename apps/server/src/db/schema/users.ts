import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const USER_ROLES = ['owner', 'cleaner'] as const;

export const PAY_KINDS = ['hourly', 'per_visit'] as const;

/**
 * Who signs in: the owner (`admin`) and the cleaners they add (features/team). A cleaner's username is their
 * e-mail address. Removal keeps the row (their visits, clock records and pay stay) and ends every session.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped on password reset and on removal; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    /** What every route checks, deny by default (docs/api.md#who-may-call-what). */
    role: text('role').notNull().default('owner'),
    /** A team member's name as the customer and the Agenda read it; null for the owner (the business name). */
    name: text('name'),
    phone: text('phone'),
    /** How a cleaner is paid: hourly × clocked time, or a flat amount per visit. */
    payKind: text('pay_kind'),
    payAmount: numeric('pay_amount', { precision: 12, scale: 2, mode: 'number' }),
    /** When the owner removed them; their sessions end and they can no longer sign in. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (_t) => [
    check('users_role_known', sql.raw(`role in (${USER_ROLES.map((r) => `'${r}'`).join(', ')})`)),
    check(
      'users_pay_known',
      sql.raw(
        `pay_kind is null or (pay_kind in (${PAY_KINDS.map((k) => `'${k}'`).join(', ')}) and pay_amount >= 0)`,
      ),
    ),
  ],
);

/** A cleaner's one-time invitation to set their password: single use, valid 7 days, stored as a hash. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('team_invitations_hash_idx').on(t.tokenHash), index().on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), index().on(t.userId)],
);
