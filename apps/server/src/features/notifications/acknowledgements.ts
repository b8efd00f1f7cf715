import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ACKNOWLEDGEMENT_SUBJECT } from './mails';

/** Any constant key: serialises the count-then-enqueue below across requests and servers. */
const ACKNOWLEDGEMENT_LOCK = 0x61636b; // 'ack'

/**
 * Whether the visitor at `to` may be acknowledged now: at most one acknowledgement per address, and `perDay` for
 * the whole site, in any 24 hours (the owner's notification is never capped). Counted in the outbox, where every
 * mail stays after sending; run it in the transaction that enqueues the mail, so the lock holds until commit.
 */
export async function mayAcknowledge(db: Db, to: string, perDay: number): Promise<boolean> {
  if (perDay <= 0) return false;
  await db.execute(sql`select pg_advisory_xact_lock(${ACKNOWLEDGEMENT_LOCK})`);
  const result = await db.execute(
    sql`select count(*)::int as total, count(*) filter (where lower("to") = lower(${to}))::int as same
          from mail_outbox
         where subject like ${`${ACKNOWLEDGEMENT_SUBJECT}%`} and created_at > now() - interval '1 day'`,
  );
  const [row] = (result as unknown as { rows: Array<{ total: number; same: number }> }).rows;
  return (row?.same ?? 0) === 0 && (row?.total ?? 0) < perDay;
}
