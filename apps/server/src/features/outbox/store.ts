import { FAILED_MESSAGES_SHOWN, type FailedMessages } from '@clean/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEAD_LETTER, rows } from '../../lib/outbox-engine';

type Row = FailedMessages['messages'][number] & { total: string };

/** The dead letters of the three channels (never sent, no attempt ahead), newest first. */
export function outboxStore(db: Db) {
  return {
    async failed(): Promise<FailedMessages> {
      const found = await rows<Row>(
        db,
        sql`with failed as (
              select 'mail' as channel, id, "to", subject as summary, attempts, last_error, created_at
                from mail_outbox where sent_at is null and next_attempt_at = ${DEAD_LETTER}
              union all
              select 'push', id, 'a device', left(payload, 80), attempts, last_error, created_at
                from push_outbox where sent_at is null and next_attempt_at = ${DEAD_LETTER}
              union all
              select 'sms', id, "to", left(body, 80), attempts, last_error, created_at
                from sms_outbox where sent_at is null and next_attempt_at = ${DEAD_LETTER})
            select *, count(*) over () as total from failed
             order by created_at desc, id desc limit ${FAILED_MESSAGES_SHOWN}`,
      );
      return {
        count: Number(found[0]?.total ?? 0),
        messages: found.map(({ total: _, created_at, ...m }) => ({
          ...m,
          created_at: new Date(created_at).toISOString(),
        })),
      };
    },
  };
}
