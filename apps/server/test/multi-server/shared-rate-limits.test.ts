import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { inquiries } from '../../src/db/schema';
import { injectAnonymous, useTestApp } from '../support/harness';

// PostgreSQL only (the counters live in it): run by the api-postgres project.
const t = useTestApp({ rateLimits: { auth: 3, publicWrite: 3 } });
const WRONG = { username: 'admin', password: 'wrong-guess' };

describe('rate limits shared by several app servers on one PostgreSQL', () => {
  it('one client has one budget whichever server answers', async () => {
    const other = await buildApp(t.config, { database: t.database });
    try {
      const servers = [injectAnonymous(t.app), injectAnonymous(other)];
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await servers[i % 2]?.('POST', '/signin', WRONG, { remoteAddress: '10.1.0.1' });
        statuses.push(res?.statusCode ?? 0);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Another client still has its own budget on either server.
      expect((await servers[1]?.('POST', '/signin', WRONG, { remoteAddress: '10.1.0.2' }))?.statusCode).toBe(
        401,
      );
    } finally {
      await other.close();
    }
  });

  it('if the counters cannot be read, sign-in and booking requests fail closed (503), storing nothing', async () => {
    await t.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      const signin = await t.anonymous('POST', '/signin', WRONG, { remoteAddress: '10.1.0.3' });
      expect(signin.statusCode).toBe(503);
      expect(signin.json().error).toMatch(/briefly unavailable/);
      const before = await t.db.$count(inquiries);
      const booking = await t.anonymous(
        'POST',
        '/api/inquiries',
        { name: 'Store Down', phone_number: '8605550100', town: 'Bristol' },
        { remoteAddress: '10.1.0.3' },
      );
      expect(booking.statusCode).toBe(503);
      expect(await t.db.$count(inquiries)).toBe(before);
    } finally {
      await t.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    expect((await t.anonymous('POST', '/signin', WRONG, { remoteAddress: '10.1.0.3' })).statusCode).toBe(401);
  });
});
