import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/harness';
import { withSecondServer } from '../support/second-server';
import { addCleaner } from '../support/team';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const t = useTestApp();

describe('removing a cleaner with two app servers on one database', () => {
  it('ends their session on both servers within a second', async () => {
    const cleaner = await addCleaner(t);
    await withSecondServer(t, async (other) => {
      const servers = [cleaner.as, other.as(cleaner.token)];
      for (const as of servers) expect((await as('GET', '/api/user')).statusCode).toBe(200);

      const started = Date.now();
      const res = await other.asAdmin('DELETE', `/api/team/${cleaner.id}`);
      expect(res.statusCode, res.body).toBe(204);
      for (const as of servers)
        await expect
          .poll(async () => (await as('GET', '/api/user')).statusCode, { timeout: 1000, interval: 20 })
          .toBe(401);
      expect(Date.now() - started).toBeLessThan(1000);
      // Nor does a new sign-in work on either.
      const signin = { username: cleaner.email, password: 'cleaner-horse-battery' };
      expect((await t.anonymous('POST', '/signin', signin)).statusCode).toBe(401);
      expect((await other.anonymous('POST', '/signin', signin)).statusCode).toBe(401);
    });
  });
});
