import { DEFAULT_WORKING_HOURS } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCleanings, users, visitExceptions } from '../../src/db/schema';
import { collectDigest, digestMail } from '../../src/features/digest/content';
import { SLOT_TAKEN } from '../../src/features/slots/service';
import { customerLinkAt } from '../support/customer-link';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';
import { addCleaner } from '../support/team';

const t = useTestApp();

type Visit = { key: string; cleaner_id: number | null; cleaner_name: string | null; start: string };
const visitsOn = async (day: string) =>
  (await t.asAdmin('GET', `/api/visits?from=${day}&to=${day}`)).json<Visit[]>();
const assign = (key: string, body: object) => t.asAdmin('PATCH', `/api/visits/${key}`, body);
const cleanerOf = async (id: number) =>
  (await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, id)))[0]?.cleanerId;

describe('assigning a visit to a team member', () => {
  it('a one-time cleaning: its cleaner_id and name in GET /api/visits; null unassigns', async () => {
    const ana = await addCleaner(t, { name: 'Ana Lima' });
    const r = records(t);
    const id = await r.cleaning(await r.inquiry('Maria Gonzalez'), {
      dateTime: new Date('2027-03-02T14:00:00Z'),
    });
    expect((await visitsOn('2027-03-02')).find((v) => v.key === `o${id}`)?.cleaner_id).toBeNull();
    const res = await assign(`o${id}`, { cleaner_id: ana.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cleaner_id: ana.id, cleaner_name: 'Ana Lima' });
    expect((await visitsOn('2027-03-02')).find((v) => v.key === `o${id}`)).toMatchObject({
      cleaner_id: ana.id,
      cleaner_name: 'Ana Lima',
    });
    expect((await assign(`o${id}`, { cleaner_id: null })).json()).toMatchObject({ cleaner_id: null });
    expect(await cleanerOf(id)).toBeNull();
  });

  it('the owner may clean a visit too', async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const r = records(t);
    const id = await r.cleaning(await r.inquiry('Olga Owner'), {
      dateTime: new Date('2027-03-09T14:00:00Z'),
    });
    const res = await assign(`o${id}`, { cleaner_id: owner?.id });
    expect(res.json()).toMatchObject({ cleaner_id: owner?.id, cleaner_name: 'Owner' });
  });

  it('an unknown or removed team member is a 400 that changes nothing', async () => {
    const gone = await addCleaner(t);
    await t.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, gone.id));
    const r = records(t);
    const id = await r.cleaning(await r.inquiry('Nora Nobody'), {
      dateTime: new Date('2027-03-03T14:00:00Z'),
    });
    await expectRefused(
      () => cleanerOf(id),
      { status: 400, error: /cleaner_id/ },
      () => assign(`o${id}`, { cleaner_id: 999_999 }),
      () => assign(`o${id}`, { cleaner_id: gone.id }),
      () => assign(`o${id}`, { cleaner_id: '1' }),
      () => assign(`o${id}`, { cleaner_id: 0 }),
    );
  });

  it('never two overlapping visits for one person: 409 naming the other, unless allow_overlap', async () => {
    const ben = await addCleaner(t, { name: 'Ben Moss' });
    const r = records(t);
    const first = await r.cleaning(await r.inquiry('Tom Reilly'), {
      dateTime: new Date('2027-03-04T14:00:00Z'),
      durationMinutes: 120,
      cleanerId: ben.id,
    });
    const second = await r.cleaning(await r.inquiry('Priya Shah'), {
      dateTime: new Date('2027-03-04T15:00:00Z'),
    });
    const [refused] = await expectRefused(
      () => cleanerOf(second),
      { status: 409, error: /Ben Moss has another visit then\. Overlaps Tom Reilly \(Thu, Mar 4, 2027/ },
      () => assign(`o${second}`, { cleaner_id: ben.id }),
    );
    expect(refused?.json().error).toMatch(/allow_overlap/);
    const allowed = await assign(`o${second}`, { cleaner_id: ben.id, allow_overlap: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await cleanerOf(second)).toBe(ben.id);
    expect(first).toBeGreaterThan(0);
  });

  it('a move of an assigned visit onto another of its cleaner’s is refused too', async () => {
    const cy = await addCleaner(t, { name: 'Cy Park' });
    const r = records(t);
    const home = await r.inquiry('Lee Move');
    // Both inside working hours (9:00 and 13:00 New York), apart.
    await r.cleaning(home, { dateTime: new Date('2027-03-05T14:00:00Z'), cleanerId: cy.id });
    const later = await r.cleaning(home, { dateTime: new Date('2027-03-05T18:00:00Z'), cleanerId: cy.id });
    const res = await assign(`o${later}`, { start: '2027-03-05T10:00', allow_overlap: false });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatch(/Overlaps Lee Move/);
  });

  it('an occurrence takes its own cleaner, else its schedule’s default', async () => {
    const dee = await addCleaner(t, { name: 'Dee Roy' });
    const eli = await addCleaner(t, { name: 'Eli Fox' });
    const r = records(t);
    const schedule = await r.schedule(await r.inquiry('Sam Weekly'), {
      firstVisitAt: new Date('2027-04-01T13:00:00Z'),
      frequency: 'Weekly',
      cleanerId: dee.id,
    });
    const key = `r${schedule}-20270408T130000Z`;
    expect((await visitsOn('2027-04-08')).find((v) => v.key === key)?.cleaner_id).toBe(dee.id);
    expect((await assign(key, { cleaner_id: eli.id })).json()).toMatchObject({ cleaner_id: eli.id });
    expect((await visitsOn('2027-04-08')).find((v) => v.key === key)?.cleaner_name).toBe('Eli Fox');
    expect((await visitsOn('2027-04-15')).find((v) => v.key.startsWith(`r${schedule}-`))?.cleaner_id).toBe(
      dee.id,
    );
    // Eli now has that time: a one-time cleaning then cannot be his as well.
    const clash = await r.cleaning(await r.inquiry('Kim Clash'), {
      dateTime: new Date('2027-04-08T14:00:00Z'),
    });
    const res = await assign(`o${clash}`, { cleaner_id: eli.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Eli Fox has another visit then\. Overlaps Sam Weekly/);
    // null: the schedule's default again.
    expect((await assign(key, { cleaner_id: null })).json()).toMatchObject({ cleaner_id: dee.id });
    const [row] = await t.db
      .select()
      .from(visitExceptions)
      .where(eq(visitExceptions.recurringPaymentId, schedule));
    expect(row?.cleanerId).toBeNull();
  });

  it('a schedule’s default cleaner through its own update route, refused onto their other visits', async () => {
    const fay = await addCleaner(t, { name: 'Fay Hill' });
    const r = records(t);
    const home = await r.inquiry('Gus Biweekly');
    const schedule = await r.schedule(home, {
      firstVisitAt: new Date('2027-05-03T13:00:00Z'),
      frequency: 'Every 2 weeks',
    });
    await r.cleaning(await r.inquiry('Hal Busy'), {
      dateTime: new Date('2027-05-17T14:00:00Z'),
      cleanerId: fay.id,
    });
    const url = `/api/recurring_payments/${schedule}`;
    const refused = await t.asAdmin('PATCH', url, { cleaner_id: fay.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatch(/Fay Hill has another visit then\. Overlaps Hal Busy/);
    const unknown = await t.asAdmin('PATCH', url, { cleaner_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    const ok = await t.asAdmin('PATCH', url, { cleaner_id: fay.id, allow_overlap: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ cleaner_id: fay.id });
    expect((await visitsOn('2027-05-03')).find((v) => v.key.startsWith(`r${schedule}-`))?.cleaner_id).toBe(
      fay.id,
    );
  });

  it('two overlapping visits given to one person at once: one is a 409, 10 times over', async () => {
    const gil = await addCleaner(t, { name: 'Gil Race' });
    const r = records(t);
    const home = await r.inquiry('Rae Race');
    for (let round = 0; round < 10; round++) {
      const at = new Date(Date.UTC(2027, 6, 1 + round, 14));
      const a = await r.cleaning(home, { dateTime: at });
      const b = await r.cleaning(home, { dateTime: new Date(at.getTime() + 3_600_000) });
      const answers = await Promise.all([
        assign(`o${a}`, { cleaner_id: gil.id }),
        assign(`o${b}`, { cleaner_id: gil.id }),
      ]);
      expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
      const assigned = [await cleanerOf(a), await cleanerOf(b)].filter((c) => c === gil.id);
      expect(assigned).toHaveLength(1);
    }
  });
});

describe('who cleans, in the digest and the calendar feed', () => {
  it('the digest’s line of a visit and the feed’s event name its cleaner', async () => {
    const hana = await addCleaner(t, { name: 'Hana Kim' });
    const r = records(t);
    const home = await r.inquiry('Ivy Digest', { town: 'Bristol' });
    // Two days ahead of the real clock: the feed lists recurring visits of a window around today.
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 2 * 86_400_000;
    const at = new Date(day + 15 * 3_600_000);
    const id = await r.cleaning(home, { dateTime: at, cleanerId: hana.id });
    const weekly = new Date(day + 19 * 3_600_000);
    const schedule = await r.schedule(home, {
      firstVisitAt: weekly,
      frequency: 'Weekly',
      cleanerId: hana.id,
    });
    // 18:00 or 19:00 in New York the day before: "tomorrow" is that day there.
    const content = await collectDigest(t.db, t.config.timezone, new Date(day - 3_600_000));
    const mail = digestMail(content, 'owner@bristol.test', t.config);
    const lines = mail?.text.split('\n').filter((l) => /^ {2}\d.*Ivy Digest/.test(l)) ?? [];
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/— Hana Kim cleans$/);

    const url = (await t.asAdmin('GET', '/api/calendar_feed')).json<{ url: string }>().url;
    const feed = (await t.anonymous('GET', new URL(url).pathname)).body.replace(/\r\n[ \t]/g, '');
    const described = feed.split('BEGIN:VEVENT').filter((e) => e.includes('Ivy Digest'));
    expect(described.find((e) => e.includes(`one-time-${id}@`))).toMatch(/Cleaner: Hana Kim/);
    expect(
      described.find((e) =>
        e.includes(`visit-r${schedule}-${weekly.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z@`),
      ),
    ).toMatch(/Cleaner: Hana Kim/);
  });
});

describe('the customer’s own move', () => {
  it('is refused onto a time its cleaner has another visit, though the business allows three at once', async () => {
    const ivy = await addCleaner(t, { name: 'Ivy Long' });
    expect(
      (await t.asAdmin('PUT', '/api/working_hours', { ...DEFAULT_WORKING_HOURS, max_overlap: 3 })).statusCode,
    ).toBe(200);
    try {
      const r = records(t);
      // Monday 2027-03-15 1:00 PM New York: Ivy cleans there.
      const time = '2027-03-15T17:00:00.000Z';
      await r.cleaning(await r.inquiry('Jo Busy'), { dateTime: new Date(time), cleanerId: ivy.id });
      const kim = await r.inquiry('Kim Mover');
      const hers = await r.cleaning(kim, { dateTime: new Date('2027-03-17T15:00:00Z'), cleanerId: ivy.id });
      const free = await r.cleaning(kim, { dateTime: new Date('2027-03-18T15:00:00Z') });
      const now = () => new Date('2027-03-01T17:00:00Z');
      const links = customerLinkAt(t.app, now);
      await expect(links.reschedule(kim, `o${hers}`, time)).rejects.toThrow(SLOT_TAKEN);
      const [row] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, hers));
      expect(row?.dateTime?.toISOString()).toBe('2027-03-17T15:00:00.000Z');
      // Nobody cleans the other: the time is open to it.
      await links.reschedule(kim, `o${free}`, time);
      const [moved] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, free));
      expect(moved?.dateTime?.toISOString()).toBe(time);
    } finally {
      await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS);
    }
  });
});
