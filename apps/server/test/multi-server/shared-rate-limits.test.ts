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

  it('booking requests and reviews, as JSON or as form posts, share one budget across servers', async () => {
    const other = await buildApp(t.config, { database: t.database });
    try {
      const ip = '10.1.0.4';
      const form = (app: typeof other, url: string, fields: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
          remoteAddress: ip,
        });
      const booking = { name: 'Shared Budget', phone_number: '8605550100', town: 'Bristol' };
      const review = { reviewer_name: 'Shared Budget', rating: 5 };
      const statuses = [
        (await injectAnonymous(t.app)('POST', '/api/inquiries', booking, { remoteAddress: ip })).statusCode,
        (await form(other, '/reviews', { ...review, rating: '5' })).statusCode,
        (await form(t.app, '/contact', booking)).statusCode,
        (await injectAnonymous(other)('POST', '/api/reviews', review, { remoteAddress: ip })).statusCode,
        (await form(t.app, '/contact', booking)).statusCode,
      ];
      expect(statuses).toEqual([201, 303, 303, 429, 429]);
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
