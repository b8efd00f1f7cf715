import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { type Inject, injectAnonymous, injectAs, type SignedInApp } from './harness';

/**
 * Runs `body` with a second app server on the test app's PostgreSQL, with its own connection pool as a second
 * process would have, as the visitor, the owner or the holder of a token; both are closed afterwards, whatever
 * happened.
 */
export async function withSecondServer(
  t: SignedInApp,
  body: (other: { anonymous: Inject; asAdmin: Inject; as: (token: string) => Inject }) => Promise<void>,
): Promise<void> {
  const url = (t.database as { url?: string }).url;
  expect(url, 'PostgreSQL only: one PGlite belongs to one process').toBeTruthy();
  const database = await openDatabase({ databaseUrl: url });
  // The same clock as the first server: a test that moves time moves it on both.
  const other = await buildApp(t.config, { database, databaseUrl: url, clock: t.app.clock });
  try {
    await other.ready();
    await body({
      anonymous: injectAnonymous(other),
      asAdmin: injectAs(other, t.token),
      as: (token) => injectAs(other, token),
    });
  } finally {
    await other.close();
    await database.close();
  }
}
