import { type CleanupJob, COUNT_CAP, TOTAL_COUNT_HEADER, TOTAL_MORE_HEADER } from '@clean/shared';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { inquiries } from '../../src/db/schema';
import { useTestApp } from '../support/harness';

// Answered at once with the job, as ten years of records are (they take longer than CLEANUP_WAIT_MS).
const t = useTestApp({ cleanupWaitMs: 0 });

const DAY = 24 * 60 * 60 * 1000;

/** The job once it is done (read again until then). */
const until = (id: number) =>
  vi.waitFor(
    async () => {
      const res = await t.asAdmin('GET', `/api/cleanup_old_records/${id}`);
      expect(res.statusCode).toBe(200);
      const job = res.json<CleanupJob>();
      expect(job.done).toBe(true);
      return job;
    },
    { timeout: 20_000, interval: 10 },
  );

it('runs a long cleanup in the background: 202 with the job, then its progress, then the usual message', async () => {
  await t.db.execute(sql`insert into inquiries (name, submitted_at)
    select 'Old ' || i, ${new Date(Date.now() - 200 * DAY).toISOString()}::timestamptz
      from generate_series(1, 12000) i`);
  await t.db.insert(inquiries).values({ name: 'Recent' });

  // Counted up to COUNT_CAP: "1000+ old records".
  const counted = await t.asAdmin('GET', '/api/old_records?page=1&limit=1');
  expect(counted.headers[TOTAL_COUNT_HEADER]).toBe(String(COUNT_CAP));
  expect(counted.headers[TOTAL_MORE_HEADER]).toBe('1');

  const started = await t.asAdmin('DELETE', '/api/cleanup_old_records');
  expect(started.statusCode).toBe(202);
  const job = started.json<CleanupJob>();
  expect(job).toMatchObject({ done: false });

  const done = await until(job.id);
  expect(done).toEqual({ id: job.id, deleted: 12000, done: true, message: 'Deleted 12000 old records.' });
  expect((await t.db.select({ name: inquiries.name }).from(inquiries)).map((r) => r.name)).toEqual([
    'Recent',
  ]);

  const again = await t.asAdmin('DELETE', '/api/cleanup_old_records');
  expect(again.statusCode).toBe(202);
  expect(await until(again.json<CleanupJob>().id)).toMatchObject({
    deleted: 0,
    message: 'No records to delete.',
  });
});

it('answers 404 for an unknown job and 400 for a bad id, to the owner only', async () => {
  expect((await t.asAdmin('GET', '/api/cleanup_old_records/999999')).statusCode).toBe(404);
  expect((await t.asAdmin('GET', '/api/cleanup_old_records/abc')).statusCode).toBe(400);
  expect((await t.anonymous('GET', '/api/cleanup_old_records/1')).statusCode).toBe(401);
});
