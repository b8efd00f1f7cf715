import { expect, test } from 'vitest';
import { book } from '../support/load';
import { adminToken } from '../support/server-process';
import { useStallablePostgres } from '../support/stalled-postgres';

// A stalled PostgreSQL must cost a request one statement's timeout, not one per statement: a booking runs a
// dozen (contact switch, owner address, BEGIN, insert, mails, COMMIT, and ROLLBACK on failure). The request
// timeout is set far above, so only the database bound can answer in time.
const QUERY_MS = 1_500;
const BUDGET_MS = QUERY_MS + 1_000;
/** Scheduling noise of a shared two-core machine, on top of the budget. */
const SLACK_MS = 500;

const db = useStallablePostgres({
  DATABASE_CONNECT_TIMEOUT_MS: String(QUERY_MS),
  DATABASE_QUERY_TIMEOUT_MS: String(QUERY_MS),
  REQUEST_TIMEOUT_MS: '30000',
});

test('a stalled PostgreSQL answers each booking and owner read 503 within DATABASE_QUERY_TIMEOUT_MS + 1 s', async () => {
  const token = await adminToken(db.server().url);
  // Warm connections: the stall then catches statements on open connections, mid-transaction too.
  for (let i = 0; i < 3; i++) expect((await book(db.server().url, `warm-${i}`)).status).toBe(201);
  db.stall();

  const times: number[] = [];
  // One after another (each finds the connections the previous ones left) and a few at once.
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const started = Date.now();
        const res =
          i % 2 === 0
            ? await book(db.server().url, `stall-${round}-${i}`, 30_000)
            : await fetch(`${db.server().url}/api/inquiries`, {
                headers: { authorization: `Bearer ${token}` },
                signal: AbortSignal.timeout(30_000),
              });
        const ms = Date.now() - started;
        return { status: res.status, ms };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBe(503);
      times.push(a.ms);
    }
  }
  console.log(`stalled database: 503 after ${times.join(', ')} ms (budget ${BUDGET_MS} ms)`);
  expect(Math.max(...times)).toBeLessThan(BUDGET_MS + SLACK_MS);
});
