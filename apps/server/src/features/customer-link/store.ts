import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerLinks, inquiries, recurringPayments } from '../../db/schema';

/** 128 random bits, base64url (22 characters). */
const TOKEN_BYTES = 16;
/** What a token looks like: anything else is a miss without a database read. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The customers' personal links (table customer_links): only each token's SHA-256 is stored, so the token itself
 * exists in the mail that carried it and nowhere else. One live link per inquiry (a partial unique index); a
 * link's row outlives its inquiry, so its token keeps answering "ended".
 */
export const customerLinksStore = (db: Db) => ({
  /**
   * A new link for the inquiry, when it has none live: the token, or null when one is live already (its token is
   * not kept, so it cannot be sent again). Safe under concurrent confirmations: the unique index decides.
   */
  async issue(inquiryId: number): Promise<string | null> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const made = await db
      .insert(customerLinks)
      .values({ inquiryId, tokenHash: hashOf(token) })
      .onConflictDoNothing()
      .returning({ id: customerLinks.id });
    return made.length > 0 ? token : null;
  },

  /**
   * What a token opens: its inquiry while the link is live, 'ended' when it was revoked, its inquiry deleted, or
   * `days` have passed since the customer's last visit (a one-time visit's time, cancelled ones too, which their
   * page still lists; never while a schedule of theirs has visits, since those go on), undefined when no link has
   * this token.
   */
  async linkOf(token: string, at: Date, days: number): Promise<{ inquiryId: number } | 'ended' | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const result = (await db.execute(sql`
      select l.inquiry_id as "inquiryId",
        l.revoked_at is not null or l.inquiry_id is null or (
          not exists (select 1 from recurring_payments r
                       where r.inquiry_id = l.inquiry_id and r.first_visit_at is not null)
          and greatest(l.created_at, (select max(c.date_time) from one_time_cleanings c
                                       where c.inquiry_id = l.inquiry_id))
              + ${days} * interval '1 day' <= ${at.toISOString()}::timestamptz
        ) as ended
        from customer_links l where l.token_hash = ${hashOf(token)}`)) as unknown as {
      rows: { inquiryId: number | null; ended: boolean }[];
    };
    const row = result.rows[0];
    if (!row) return undefined;
    return row.ended || row.inquiryId === null ? 'ended' : { inquiryId: row.inquiryId };
  },

  async customer(inquiryId: number): Promise<{ name: string } | undefined> {
    const [row] = await db
      .select({ name: inquiries.name })
      .from(inquiries)
      .where(eq(inquiries.id, inquiryId));
    return row;
  },

  /** The frequency of each schedule, in the owner's words ("Every 2 weeks"). */
  async frequencies(scheduleIds: number[]): Promise<Map<number, string>> {
    if (scheduleIds.length === 0) return new Map();
    const rows = await db
      .select({ id: recurringPayments.id, frequency: recurringPayments.frequency })
      .from(recurringPayments)
      .where(inArray(recurringPayments.id, scheduleIds));
    return new Map(rows.map((r) => [r.id, r.frequency]));
  },

  /** Revokes the inquiry's live link (none: nothing to do); false when there is no such inquiry. */
  async revoke(inquiryId: number, at: Date): Promise<boolean> {
    const [inquiry] = await db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(eq(inquiries.id, inquiryId));
    if (!inquiry) return false;
    await db
      .update(customerLinks)
      .set({ revokedAt: at })
      .where(and(eq(customerLinks.inquiryId, inquiryId), isNull(customerLinks.revokedAt)));
    return true;
  },
});

export type CustomerLinksStore = ReturnType<typeof customerLinksStore>;
