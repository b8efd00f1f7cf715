import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { TestApp } from './harness';

/** A second app server on the test app's database, ready; the caller closes it. */
async function onSameDatabase(t: TestApp) {
  const app = await buildApp(t.config, { database: t.database, databaseUrl: t.database.url });
  await app.ready();
  return app;
}

/**
 * A job run by two servers on one database at the same moment (twice each), then by a server started a minute
 * later: what the four runs did together, and what the late one did. A job done exactly once answers 1 and 0.
 */
export async function runOnTwoServers(
  t: TestApp,
  run: (now: Date, app: FastifyInstance) => Promise<number>,
  now: Date,
) {
  const other = await onSameDatabase(t);
  let together: number;
  try {
    const counts = await Promise.all([run(now, t.app), run(now, other), run(now, t.app), run(now, other)]);
    together = counts.reduce((a, b) => a + b);
  } finally {
    await other.close();
  }
  const restarted = await onSameDatabase(t);
  try {
    return { together, afterRestart: await run(new Date(now.getTime() + 60_000), restarted) };
  } finally {
    await restarted.close();
  }
}
