import type { Inquiry } from '@clean/shared';
import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema';

export type InquiryRow = typeof inquiries.$inferSelect;

export const toInquiry = (row: InquiryRow): Inquiry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone_number: row.phoneNumber,
  call_or_text: row.callOrText,
  town: row.town,
  description: row.description,
  status: row.status,
  submitted_at: row.submittedAt.toISOString(),
});

export const inquiriesStore = (db: Db) => ({
  async create(values: typeof inquiries.$inferInsert): Promise<Inquiry> {
    const [row] = await db.insert(inquiries).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return toInquiry(row);
  },
});
