import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { inquiries } from './inquiries';

/**
 * A customer's personal link (features/customer-link): `/visit/<token>`, the token 128 random bits of which only
 * the SHA-256 is kept (a database dump holds no working link). At most one live link per inquiry (the partial
 * unique index); revoking sets `revoked_at`, and the next confirmation issues a new one.
 */
export const customerLinks = pgTable(
  'customer_links',
  {
    id: serial('id').primaryKey(),
    /**
     * Null once the inquiry is deleted: the row stays, so its token answers "this link has ended" (410), not
     * "no such link" (404, a guess counted against the client).
     */
    inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_links_token_hash_idx').on(t.tokenHash),
    uniqueIndex('customer_links_live_idx').on(t.inquiryId).where(sql`${t.revokedAt} is null`),
  ],
);
