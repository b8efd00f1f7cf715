import { quoteRecord } from '@clean/shared/test-support';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { addCleaner } from '../support/team';

let now = new Date('2027-08-01T12:00:00Z');
const t = useTestApp({}, { clock: () => now });

const quote = quoteRecord(
  {
    amount: 210,
    duration_minutes: 180,
    bedrooms: 2,
    extras: ['inside-fridge', 'inside-oven'],
    frequency: 'weekly',
  },
  [
    ['Deep Clean', 150, 120],
    ['1 more bedroom', 20, 20],
    ['Inside the fridge', 30, 30],
    ['Inside the oven', 30, 30],
    ['Weekly discount (10%)', -20, 0],
  ],
);

type MyVisit = Record<string, unknown> & { key: string; access_notes: string | null };
const mine = async (as: (m: 'GET', url: string) => Promise<{ json: <T>() => T }>, from: string, to = from) =>
  (await as('GET', `/api/my/visits?from=${from}&to=${to}`)).json<MyVisit[]>();

describe('GET /api/my/visits', () => {
  it('only the caller’s visits, with what they need and nothing else of the customer', async () => {
    const ana = await addCleaner(t, { name: 'Ana Lima' });
    const ben = await addCleaner(t, { name: 'Ben Moss' });
    const r = records(t);
    const home = await r.inquiry('Maria de la Cruz Gonzalez', {
      email: 'maria@customer.test',
      phoneNumber: '8605550101',
      streetAddress: '12 Oak St',
      town: 'Bristol',
      zip: '06010',
      accessNotes: 'Key under the blue pot',
      quote,
    });
    const mineId = await r.cleaning(home, {
      dateTime: new Date('2027-08-03T14:00:00Z'),
      durationMinutes: 180,
      cleanerId: ana.id,
      amount: 210,
    });
    await r.cleaning(home, { dateTime: new Date('2027-08-03T19:00:00Z'), cleanerId: ben.id });
    await r.cleaning(home, { dateTime: new Date('2027-08-04T14:00:00Z') });
    const schedule = await r.schedule(home, {
      firstVisitAt: new Date('2027-08-02T13:00:00Z'),
      frequency: 'Weekly',
      cleanerId: ben.id,
    });
    // Ben's schedule, but this one occurrence is Ana's.
    const own = `r${schedule}-20270809T130000Z`;
    expect((await t.asAdmin('PATCH', `/api/visits/${own}`, { cleaner_id: ana.id })).statusCode).toBe(200);

    const week = await mine(ana.as, '2027-08-01', '2027-08-14');
    expect(week.map((v) => v.key)).toEqual([`o${mineId}`, own]);
    expect(week[0]).toEqual({
      key: `o${mineId}`,
      start: '2027-08-03T14:00:00.000Z',
      end: '2027-08-03T17:00:00.000Z',
      first_name_last_initial: 'Maria G.',
      address: '12 Oak St, Bristol, CT 06010',
      map_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('12 Oak St, Bristol, CT 06010')}`,
      phone_number: '8605550101',
      package: 'Deep Clean',
      extras: ['Inside the fridge', 'Inside the oven'],
      access_notes: null,
      checklist: [],
      status: 'planned',
      version: expect.any(String),
    });
    expect(JSON.stringify(week)).not.toMatch(/maria@customer|210|amount|paid/);
    expect((await mine(ben.as, '2027-08-09')).map((v) => v.key)).toEqual([]);
    expect((await mine(ben.as, '2027-08-16')).map((v) => v.key)).toEqual([`r${schedule}-20270816T130000Z`]);
  });

  it('the access notes from the business day before the visit until it ends', async () => {
    const cy = await addCleaner(t, { name: 'Cy Park' });
    const r = records(t);
    const home = await r.inquiry('Lee Notes', { accessNotes: 'Gate code 4321' });
    // 10:00–12:00 New York time on Sep 10.
    await r.cleaning(home, { dateTime: new Date('2027-09-10T14:00:00Z'), cleanerId: cy.id });
    const notes = async () => (await mine(cy.as, '2027-09-10'))[0]?.access_notes;
    now = new Date('2027-09-09T03:59:00Z'); // 23:59 on Sep 8 in New York
    expect(await notes()).toBeNull();
    now = new Date('2027-09-09T04:00:00Z'); // midnight starting Sep 9
    expect(await notes()).toBe('Gate code 4321');
    now = new Date('2027-09-10T15:59:00Z');
    expect(await notes()).toBe('Gate code 4321');
    now = new Date('2027-09-10T16:00:00Z'); // the visit has ended
    expect(await notes()).toBeNull();
  });

  it('the owner is a team member too: their own visits, and nobody else’s', async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const r = records(t);
    const home = await r.inquiry('Olga Own');
    const theirs = await r.cleaning(home, {
      dateTime: new Date('2027-10-05T14:00:00Z'),
      cleanerId: owner?.id,
    });
    await r.cleaning(home, { dateTime: new Date('2027-10-05T18:00:00Z') });
    expect((await mine(t.asAdmin, '2027-10-05')).map((v) => v.key)).toEqual([`o${theirs}`]);
  });

  it('bounded like /api/visits; anonymous 401; bad dates 400', async () => {
    const dee = await addCleaner(t);
    expect((await dee.as('GET', '/api/my/visits?from=2027-01-01&to=2027-06-01')).statusCode).toBe(400);
    expect((await dee.as('GET', '/api/my/visits?from=2027-02-30&to=2027-03-01')).statusCode).toBe(400);
    expect((await dee.as('GET', '/api/my/visits?from=2027-03-02&to=2027-03-01')).statusCode).toBe(400);
    expect((await dee.as('GET', '/api/my/visits')).statusCode).toBe(400);
    expect((await t.anonymous('GET', '/api/my/visits?from=2027-03-01&to=2027-03-01')).statusCode).toBe(401);
  });
});
