import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { useTestApp } from '../support/harness';
import { addCleaner } from '../support/team';

const t = useTestApp();

describe('roles', () => {
  it('a cleaner is signed in as no owner: 403 on the owner routes', async () => {
    const cleaner = await addCleaner(t);
    const me = await cleaner.as('GET', '/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: cleaner.email, is_admin: false });
    for (const url of ['/api/inquiries', '/api/visits?from=2026-12-01&to=2026-12-07', '/api/billing']) {
      const res = await cleaner.as('GET', url);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.asAdmin('GET', '/api/user')).json()).toMatchObject({ is_admin: true });
  });

  it('a removed cleaner can neither use a session nor sign in again', async () => {
    const cleaner = await addCleaner(t);
    await t.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, cleaner.id));
    expect((await cleaner.as('GET', '/api/user')).statusCode).toBe(401);
    const again = await t.anonymous('POST', '/signin', {
      username: cleaner.email,
      password: 'cleaner-horse-battery',
    });
    expect(again.statusCode).toBe(401);
  });
});
