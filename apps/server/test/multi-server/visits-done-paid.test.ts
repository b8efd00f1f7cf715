import type { Visit } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recurringPaid, recurringPaidDates } from '../../src/db/schema';
import { createSchedule, records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { withSecondServer } from '../support/second-server';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const t = useTestApp({ timezone: 'America/New_York' });

describe('Done & paid with two app servers on one PostgreSQL', () => {
  it('sent to both at once, makes exactly one paid record', async () => {
    await withSecondServer(t, async (other) => {
      const maria = await records(t).inquiry('Maria Gonzalez');
      const id = await createSchedule(t, maria);
      const servers = [t.asAdmin, other.asAdmin];
      // A fresh occurrence (no row yet), and one the owner already changed (its row exists: only the lock holds).
      const fresh = `r${id}-20270316T130000Z`;
      const changed = `r${id}-20270330T130000Z`;
      expect((await t.asAdmin('PATCH', `/api/visits/${changed}`, { status: 'skipped' })).statusCode).toBe(
        200,
      );
      expect((await t.asAdmin('PATCH', `/api/visits/${changed}`, { status: 'planned' })).statusCode).toBe(
        200,
      );
      for (const [key, at] of [
        [fresh, '2027-03-16T13:00:00.000Z'],
        [changed, '2027-03-30T13:00:00.000Z'],
      ] as const) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            servers[i % 2]?.('PATCH', `/api/visits/${key}`, {
              status: 'done',
              paid: true,
              confirm_early: true,
            }),
          ),
        );
        expect(answers.map((a) => a?.statusCode)).toEqual(Array(20).fill(200));
        const recordIds = new Set(answers.map((a) => a?.json<Visit>().recurring_paid_id));
        expect(recordIds.size).toBe(1);
        const [recordId] = recordIds;
        const dates = await t.db
          .select({ at: recurringPaidDates.dateTime })
          .from(recurringPaidDates)
          .where(eq(recurringPaidDates.recurringPaidId, recordId ?? 0));
        expect(dates.map((d) => d.at.toISOString())).toEqual([at]);
      }
      const paid = await t.db.select().from(recurringPaid).where(eq(recurringPaid.recurringPaymentId, id));
      expect(paid.map((p) => p.amountPaid)).toEqual([120, 120]);
    });
  });
});
