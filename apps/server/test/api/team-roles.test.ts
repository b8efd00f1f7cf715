import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { assignedVisit } from '../../src/features/visits/assignee';
import { records } from '../support/fixtures';
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

describe('a visit assigned to a team member', () => {
  it('is theirs alone: a one-time cleaning by its cleaner, an occurrence by its own or its schedule’s', async () => {
    const ana = await addCleaner(t);
    const ben = await addCleaner(t);
    const r = records(t);
    const home = await r.inquiry('Maria Gonzalez');
    const at = new Date('2026-12-03T14:00:00Z');
    const cleaning = await r.cleaning(home, { dateTime: at, cleanerId: ana.id, durationMinutes: 90 });
    const tz = t.config.timezone;
    expect(await assignedVisit(t.db, tz, `o${cleaning}`, ana.id)).toMatchObject({
      kind: 'one_time',
      inquiryId: home,
      start: at,
      end: new Date('2026-12-03T15:30:00Z'),
      status: 'planned',
    });
    expect(await assignedVisit(t.db, tz, `o${cleaning}`, ben.id)).toBeNull();
    const schedule = await r.schedule(home, { firstVisitAt: at, frequency: 'Weekly', cleanerId: ben.id });
    const second = `r${schedule}-20261210T140000Z`;
    expect(await assignedVisit(t.db, tz, second, ben.id)).toMatchObject({
      kind: 'recurring',
      start: new Date('2026-12-10T14:00:00Z'),
    });
    expect(await assignedVisit(t.db, tz, second, ana.id)).toBeNull();
    expect(await assignedVisit(t.db, tz, `r${schedule}-20261211T140000Z`, ben.id)).toBeNull();
    expect(await assignedVisit(t.db, tz, 'o99999', ana.id)).toBeNull();
  });
});
