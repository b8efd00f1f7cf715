import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { mailOutbox, reviewRequests } from '../../src/db/schema';
import { runReviewRequests } from '../../src/features/review-requests/service';
import { reviewSendingDeps } from '../../src/wiring/schedulers';
import { useTestApp } from '../support/harness';
import { withSecondServer } from '../support/second-server';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const t = useTestApp({ timezone: 'America/New_York' });

describe('review requests with two app servers on one PostgreSQL', () => {
  it('done tapped on both at once for two visits of one customer: one request; both ticking: one mail', async () => {
    await withSecondServer(t, async (other) => {
      const email = 'twice@customer.test';
      const created = await t.asAdmin('POST', '/api/inquiries', {
        name: 'Tess Twice',
        email,
        phone_number: '8605550123',
        call_or_text: 'call',
        town: 'Bristol',
      });
      expect(created.statusCode, created.body).toBe(201);
      const inquiry = created.json<{ id: number }>().id;
      const keys: string[] = [];
      for (const date of ['2027-03-02T09:00', '2027-03-03T09:00']) {
        const c = await t.asAdmin('POST', '/api/one_time_cleanings', {
          inquiry_id: inquiry,
          date_time: date,
          amount: 150,
          notify_customer: false,
        });
        expect(c.statusCode, c.body).toBe(201);
        keys.push(`o${c.json<{ id: number }>().id}`);
      }
      const servers = [t.asAdmin, other.asAdmin];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          servers[i % 2]?.('PATCH', `/api/visits/${keys[i % 2]}`, { status: 'done', confirm_early: true }),
        ),
      );
      expect(answers.map((a) => a?.statusCode)).toEqual(Array(10).fill(200));
      const rows = await t.db.select().from(reviewRequests).where(eq(reviewRequests.customer, email));
      expect(rows).toHaveLength(1);

      // Both servers' schedulers (each on its own connection pool) tick at the due time, twice each.
      const url = (t.database as { url?: string }).url;
      const second = await openDatabase({ databaseUrl: url });
      try {
        const now = new Date((rows[0]?.dueAt.getTime() ?? 0) + 1);
        const tick = (db: typeof t.db) => runReviewRequests(reviewSendingDeps(db, t.app.config), now);
        const counts = await Promise.all([tick(t.db), tick(second.db), tick(t.db), tick(second.db)]);
        expect(counts.reduce((a, b) => a + b)).toBe(1);
      } finally {
        await second.close();
      }
      // One review request mailed (each done visit also mails its invoice, which is not counted here).
      const asked = await t.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email));
      expect(asked.filter((m) => m.subject.startsWith('How was your cleaning?'))).toHaveLength(1);
    });
  });
});
