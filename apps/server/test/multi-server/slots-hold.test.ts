import { describe, expect, it } from 'vitest';
import { holds, inquiries, oneTimeCleanings } from '../../src/db/schema';
import { SLOT_TAKEN } from '../../src/features/slots/service';
import { useTestApp } from '../support/harness';
import { withSecondServer } from '../support/second-server';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const t = useTestApp({ timezone: 'America/New_York' });

describe('holds with two app servers on one PostgreSQL', () => {
  it('twenty requests for one time sent to both at once: one holds it; twenty confirms make one cleaning', async () => {
    await withSecondServer(t, async (other) => {
      const visitors = [t.anonymous, other.anonymous];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          visitors[i % 2]?.('POST', '/api/inquiries', {
            name: `Visitor ${i}`,
            phone_number: '8605550100',
            town: 'Bristol',
            street_address: '12 Oak St',
            requested_start: '2027-03-09T09:00:00-05:00',
          }),
        ),
      );
      const statuses = answers.map((a) => a?.statusCode).sort();
      expect(statuses).toEqual([201, ...Array(19).fill(409)]);
      for (const a of answers) if (a?.statusCode === 409) expect(a.json()).toEqual({ error: SLOT_TAKEN });
      expect(await t.db.$count(holds)).toBe(1);
      expect(await t.db.$count(inquiries)).toBe(1);

      const [hold] = await t.db.select().from(holds);
      const owners = [t.asAdmin, other.asAdmin];
      const confirms = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          owners[i % 2]?.('PATCH', `/api/visits/h${hold?.id}`, { status: 'confirmed' }),
        ),
      );
      expect(confirms.map((a) => a?.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(confirms.map((a) => a?.json<{ key: string }>().key)).size).toBe(1);
      expect(await t.db.$count(oneTimeCleanings)).toBe(1);
    });
  });
});
