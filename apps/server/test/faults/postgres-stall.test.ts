import { expect, test } from 'vitest';
import { book, healthStatus, waitFor } from '../support/load';
import { adminToken } from '../support/server-process';
import { useStallablePostgres } from '../support/stalled-postgres';

// Short timeouts so the test is quick; the defaults (config.ts) are a few seconds longer.
const QUERY_MS = 1_500;
const CONNECT_MS = 1_500;
const REQUEST_MS = 3_000;

const db = useStallablePostgres({
  DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
  DATABASE_QUERY_TIMEOUT_MS: String(QUERY_MS),
  REQUEST_TIMEOUT_MS: String(REQUEST_MS),
});

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - start };
}

test('a stalled PostgreSQL (SIGSTOP): requests get 503 within the timeout, /api/health 503; SIGCONT: recovery', async () => {
  const token = await adminToken(db.server().url);
  expect((await book(db.server().url, 'before-stall')).status).toBe(201);

  db.stall();

  // Many at once: none may hang, none may be a 500; each is a 503 with a sentence.
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      timed(async () => {
        const res =
          i % 2 === 0
            ? await book(db.server().url, `during-stall-${i}`, 15_000)
            : await fetch(`${db.server().url}/api/inquiries`, {
                headers: { authorization: `Bearer ${token}` },
                signal: AbortSignal.timeout(15_000),
              });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      }),
    ),
  );
  for (const { value, ms } of answers) {
    expect(value.status).toBe(503);
    expect(value.body.error).toMatch(/unavailable/);
    // Bounded, not hanging: the request timeout plus slack for a busy machine (CI shares two cores).
    expect(ms).toBeLessThan(REQUEST_MS + 3_000);
  }
  const health = await timed(() => healthStatus(db.server().url));
  expect(health.value).toBe(503);
  expect(health.ms).toBeLessThan(3_000);
  // Pages that need no database still answer.
  const page = await fetch(`${db.server().url}/api/nonexistent`, { signal: AbortSignal.timeout(2_000) });
  expect(page.status).toBe(404);

  db.resume();
  const recovered = await waitFor(
    'bookings acknowledged after SIGCONT',
    async () => (await book(db.server().url, `after-stall-${Date.now()}`)).status === 201,
    20_000,
  );
  console.log(
    `stall: slowest 503 in ${Math.max(...answers.map((a) => a.ms))} ms, health 503 in ${health.ms} ms; recovered ${recovered} ms after SIGCONT`,
  );
  expect(await healthStatus(db.server().url)).toBe(200);
  expect(db.server().child.exitCode).toBeNull();
});
