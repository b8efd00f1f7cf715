import type { InquiryQuote } from '@clean/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema';

export const myVisitsStore = (db: Db) => ({
  /** The quotes of these homes' requests (what the package and extras of their visits are). */
  async quotes(inquiryIds: number[]): Promise<Map<number, InquiryQuote | null>> {
    if (inquiryIds.length === 0) return new Map();
    const rows = await db
      .select({ id: inquiries.id, quote: inquiries.quote })
      .from(inquiries)
      .where(inArray(inquiries.id, inquiryIds));
    return new Map(rows.map((r) => [r.id, r.quote]));
  },
});
