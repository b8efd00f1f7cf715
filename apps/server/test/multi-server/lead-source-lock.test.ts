import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { oneTimeCleanings } from '../../src/db/schema';
import { summaryStore } from '../../src/features/summary/store';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { reference } from '../support/lead-sources-reference';

const t = useTestApp();
const add = records(t);
const HOUR = 3_600_000;
const NOW = new Date('2027-03-15T16:00:00Z');

// PostgreSQL only (this folder): PGlite runs one transaction at a time, so there is nothing to race there.
describe('lead-source buckets under concurrent writes', () => {
  it('two first cleanings of one request at once count it booked once (each locks the request’s row first)', async () => {
    await add.clearAll();
    const lead = await add.inquiry('Both at once', {
      heardFrom: 'facebook',
      submittedAt: new Date(NOW.getTime() - 24 * HOUR),
    });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted = () => {};
    const firstIn = new Promise<void>((r) => {
      inserted = r;
    });
    const first = t.db.transaction(async (tx) => {
      await tx.insert(oneTimeCleanings).values({ inquiryId: lead, amount: 10 });
      inserted();
      await held;
    });
    await firstIn;
    const second = t.db.insert(oneTimeCleanings).values({ inquiryId: lead, amount: 20 }).execute();
    // The second waits on the first's lock; without it, each would see only its own cleaning and count the request.
    // The second insert waits for the first one's lock.
    await vi.waitFor(
      async () => {
        const [waiting] = (
          (await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows;
        expect(waiting?.n ?? 0).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 20 },
    );
    release();
    await Promise.all([first, second]);
    const body = await summaryStore(t.db).leadSources(t.config.timezone, NOW);
    expect(body.sources.find((s) => s.source === 'facebook')).toMatchObject({ requests: 1, booked: 1 });
    expect(body).toEqual(await reference(t.db, t.config.timezone, NOW));
  });
});
