import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { healthStatus, startLoad, waitFor } from '../support/load';
import { type PostgresServer, startPostgres } from '../support/postgres';
import { freePort, type ServerProcess, startServerProcess } from '../support/server-process';

// A PostgreSQL server of this file's own: it is restarted, and its connections are killed.
let postgres: PostgresServer;
let server: ServerProcess;
beforeAll(async () => {
  postgres = await startPostgres();
  server = await startServerProcess({ DATABASE_URL: postgres.url });
});
afterAll(async () => {
  await server?.stop();
  postgres?.stop();
});

/** Measured from the fault until a new booking is acknowledged again. */
async function timeToRecover(): Promise<number> {
  return waitFor(
    'bookings acknowledged again',
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      const probe = startLoad(server, `probe-${Date.now()}`, 1);
      await waitFor('one answer', async () => probe.acknowledged.length + probe.failures.length > 0, 10_000);
      await probe.stop();
      return probe.acknowledged.length > 0;
    },
    20_000,
  );
}

test('pg_terminate_backend of every app connection under load: the server stays up and recovers', async () => {
  const load = startLoad(server, 'terminate');
  await waitFor('load running', async () => load.acknowledged.length >= 20, 10_000);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  const killed = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname IS NOT NULL',
  );
  await admin.end();
  expect(killed.rowCount).toBeGreaterThan(0);
  const before = load.acknowledged.length;
  const recovered = await timeToRecover();
  await load.stop();
  console.log(`pg_terminate_backend: ${killed.rowCount} connections killed, recovered in ${recovered} ms`);
  expect(server.child.exitCode).toBeNull();
  expect(load.acknowledged.length).toBeGreaterThan(before);
  expect(load.failures.filter((f) => f !== 503)).toEqual([]);
  expect(await healthStatus(server.url)).toBe(200);
});

test('a PostgreSQL restart under load: the server stays up and recovers on its own', async () => {
  const load = startLoad(server, 'restart');
  await waitFor('load running', async () => load.acknowledged.length >= 20, 10_000);
  const started = Date.now();
  postgres.restart();
  const restartMs = Date.now() - started;
  const recovered = await timeToRecover();
  await load.stop();
  console.log(
    `PostgreSQL restart: pg_ctl restart took ${restartMs} ms; bookings acknowledged again ${recovered} ms after it returned`,
  );
  expect(server.child.exitCode).toBeNull();
  // Anything refused while the database was away was a clear 503, never a 500.
  expect(load.failures.filter((f) => f !== 503)).toEqual([]);
  expect(await healthStatus(server.url)).toBe(200);
});

test('start-up with PostgreSQL unreachable: one readable line without the password, exit 1', async () => {
  const port = await freePort();
  const down = await startServerProcess(
    { DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/app`, DATABASE_CONNECT_TIMEOUT_MS: '2000' },
    { waitHealthy: false },
  );
  expect(await down.exited).toBe(1);
  expect(down.output().trim()).toBe(
    `Cannot reach the database at 127.0.0.1:${port} (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}`,
  );
});
