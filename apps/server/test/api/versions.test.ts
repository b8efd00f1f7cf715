import type { Inquiry, OneTimeCleaning, RecurringPayment, Visit } from '@clean/shared';
import { DEFAULT_WORKING_HOURS } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { oneTimeCleanings, recurringPayments, visitExceptions } from '../../src/db/schema';
import { customerLinksStore } from '../../src/features/customer-link/store';
import { OPENAPI_PATH } from '../../src/lib/openapi';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/**
 * Versions (docs/api.md, "Versions and If-Match"): every visit, one-time cleaning, schedule and inquiry the owner
 * reads carries one; a change or delete sent with a version that is no longer current answers 412 and changes
 * nothing, the current one, `*` or none goes ahead, and an If-Match that is no quoted version is a 400. The clock
 * is the test's: 1 March 2027, noon in New York; the visits are in the week after. The customer's page is read
 * as the web build renders it (`npm run build` first, as CI does; customer-link.test.ts needs it too).
 */
let clock = new Date('2027-03-01T17:00:00Z');
const t = useTestApp({ timezone: 'America/New_York' }, { clock: () => clock });
let maria: number;

beforeEach(async () => {
  clock = new Date('2027-03-01T17:00:00Z');
  await t.db.delete(visitExceptions);
  await records(t)
    .clearAll()
    .catch(() => undefined);
  ({ maria } = await records(t).customers());
  expect((await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS)).statusCode).toBe(200);
});

const withIfMatch = (value: string) => ({ headers: { 'if-match': value } });
const quoted = (version: string) => withIfMatch(`"${version}"`);

async function visitOf(key: string): Promise<Visit> {
  const res = await t.asAdmin('GET', '/api/visits?from=2027-03-01&to=2027-03-31');
  expect(res.statusCode, res.body).toBe(200);
  const visit = res.json<Visit[]>().find((v) => v.key === key);
  expect(visit, key).toBeDefined();
  return visit as Visit;
}

async function oneTime(dateTime = '2027-03-09T10:00'): Promise<OneTimeCleaning> {
  const res = await t.asAdmin('POST', '/api/one_time_cleanings', {
    inquiry_id: maria,
    amount: 150,
    date_time: dateTime,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OneTimeCleaning>();
}

describe('a one-time cleaning’s visit', () => {
  it('stale → 412 and unchanged; current, * and none → 200; malformed → 400', async () => {
    const cleaning = await oneTime();
    const key = `o${cleaning.id}`;
    const seen = await visitOf(key);
    expect(seen.version).toBe(cleaning.version);

    // Someone else changes it: the version the screen holds is no longer current.
    const moved = await t.asAdmin('PATCH', `/api/visits/${key}`, { start: '2027-03-09T11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const now = moved.json<Visit>();
    expect(now.version).not.toBe(seen.version);
    expect((await visitOf(key)).version).toBe(now.version);

    const stale = await t.asAdmin(
      'PATCH',
      `/api/visits/${key}`,
      { start: '2027-03-09T14:00' },
      quoted(seen.version),
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toMatch(/changed since you opened it \(it is now at 11:00 AM on Mar 9\)/);
    expect((await visitOf(key)).start).toBe('2027-03-09T16:00:00.000Z');

    for (const bad of ['3', 'W/"3"', '"3", "4"', '""', '"a b"']) {
      const res = await t.asAdmin(
        'PATCH',
        `/api/visits/${key}`,
        { start: '2027-03-09T14:00' },
        withIfMatch(bad),
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/If-Match/);
    }
    expect((await visitOf(key)).version).toBe(now.version);

    const current = await t.asAdmin(
      'PATCH',
      `/api/visits/${key}`,
      { start: '2027-03-09T13:00' },
      quoted(now.version),
    );
    expect(current.statusCode, current.body).toBe(200);
    const star = await t.asAdmin(
      'PATCH',
      `/api/visits/${key}`,
      { start: '2027-03-09T14:00' },
      withIfMatch('*'),
    );
    expect(star.statusCode, star.body).toBe(200);
    const none = await t.asAdmin('PATCH', `/api/visits/${key}`, { start: '2027-03-09T15:00' });
    expect(none.statusCode, none.body).toBe(200);
    expect(
      new Set([seen.version, now.version, current.json().version, star.json().version, none.json().version])
        .size,
    ).toBe(5);
    expect((await visitOf(key)).start).toBe('2027-03-09T20:00:00.000Z');
  });

  it('the customer cancels, then Done & paid with the version seen before: 412, and it stays cancelled', async () => {
    const cleaning = await oneTime();
    const key = `o${cleaning.id}`;
    const seen = await visitOf(key);
    const token = await customerLinksStore(t.db).issue(maria);
    clock = new Date('2027-03-01T15:02:00Z'); // 10:02 AM in New York
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/visit/${token}/visits/${key}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(303);

    const done = await t.asAdmin(
      'PATCH',
      `/api/visits/${key}`,
      { status: 'done', paid: true, confirm_early: true },
      quoted(seen.version),
    );
    expect(done.statusCode).toBe(412);
    expect(done.json().error).toBe(
      'The customer cancelled this visit at 10:02 AM. Look at it as it is now and decide again; nothing was changed.',
    );
    const after = await visitOf(key);
    expect(after).toMatchObject({ status: 'cancelled', paid: false });
    const [row] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, cleaning.id));
    expect(row).toMatchObject({ doneAt: null, paid: false });
    expect(row?.cancelledAt).not.toBeNull();

    // With the version it shows now, the owner decides again (books it anyway: done and paid).
    const again = await t.asAdmin(
      'PATCH',
      `/api/visits/${key}`,
      { status: 'done', paid: true, confirm_early: true },
      quoted(after.version),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'done', paid: true });
  });
});

describe('the customer’s cancel and the owner’s Done & paid at the same moment', () => {
  it('never both: one goes ahead, the other is refused (412 or 409), in 10 rounds', async () => {
    const token = await customerLinksStore(t.db).issue(maria);
    for (let round = 0; round < 10; round++) {
      const day = String(9 + (round % 5)).padStart(2, '0');
      const cleaning = await oneTime(`2027-03-${day}T${round < 5 ? '08' : '11'}:00`);
      const key = `o${cleaning.id}`;
      const seen = await visitOf(key);
      const [cancel, done] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/visit/${token}/visits/${key}/cancel`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'confirm=1',
        }),
        t.asAdmin(
          'PATCH',
          `/api/visits/${key}`,
          { status: 'done', paid: true, confirm_early: true },
          quoted(seen.version),
        ),
      ]);
      const cancelled = cancel.statusCode === 303;
      expect([cancelled, done.statusCode === 200], `round ${round}`).toContain(true);
      expect(cancelled && done.statusCode === 200, `round ${round}`).toBe(false);
      const after = await visitOf(key);
      if (cancelled) {
        expect(done.statusCode).toBe(412);
        expect(after).toMatchObject({ status: 'cancelled', paid: false });
      } else {
        expect(cancel.statusCode).toBe(409);
        expect(after).toMatchObject({ status: 'done', paid: true });
      }
    }
  });
});

describe('a schedule’s occurrence', () => {
  async function weekly() {
    const res = await t.asAdmin('POST', '/api/recurring_payments', {
      inquiry_id: maria,
      amount: 120,
      frequency: 'Weekly',
      first_visit_at: '2027-03-02T09:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RecurringPayment>();
  }
  const first = (id: number) => `r${id}-20270302T140000Z`;
  const second = (id: number) => `r${id}-20270309T140000Z`;

  it('changes with its own exception: a skip makes the version seen before stale, the other occurrences not', async () => {
    const s = await weekly();
    const [a, b] = [await visitOf(first(s.id)), await visitOf(second(s.id))];
    expect(a.version).toBe(b.version);
    const skipped = await t.asAdmin(
      'PATCH',
      `/api/visits/${first(s.id)}`,
      { status: 'skipped' },
      quoted(a.version),
    );
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().version).toBe((await visitOf(first(s.id))).version);

    const stale = await t.asAdmin(
      'PATCH',
      `/api/visits/${first(s.id)}`,
      { status: 'done', paid: true, confirm_early: true },
      quoted(a.version),
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toMatch(/^This visit was skipped since you opened it\./);
    expect((await visitOf(first(s.id))).status).toBe('skipped');

    // Done & paid on the second: its paid record touches the schedule's last paid date, not its version.
    const paid = await t.asAdmin(
      'PATCH',
      `/api/visits/${second(s.id)}`,
      { status: 'done', paid: true, confirm_early: true },
      quoted(b.version),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const third = `r${s.id}-20270316T130000Z`;
    expect((await visitOf(third)).version).toBe(a.version);
  });

  it('changes with its schedule: an edit of the schedule makes every occurrence’s version stale', async () => {
    const s = await weekly();
    const seen = await visitOf(first(s.id));
    const edited = await t.asAdmin('PATCH', `/api/recurring_payments/${s.id}`, { amount: 130 });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await t.asAdmin(
      'PATCH',
      `/api/visits/${first(s.id)}`,
      { status: 'skipped' },
      quoted(seen.version),
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toMatch(/recurring schedule changed since you opened it/);
    expect((await visitOf(first(s.id))).status).toBe('planned');
    const star = await t.asAdmin(
      'PATCH',
      `/api/visits/${first(s.id)}`,
      { status: 'skipped' },
      withIfMatch('*'),
    );
    expect(star.statusCode, star.body).toBe(200);
  });
});

/** A Manage list's record: read, changed by someone else, then changed and deleted with the version seen before. */
describe.each([
  {
    name: 'one-time cleanings',
    path: '/api/one_time_cleanings',
    make: async () => (await oneTime()).id,
    change: { notes: 'Gate code 1234' },
    field: 'notes',
  },
  {
    name: 'recurring schedules',
    path: '/api/recurring_payments',
    make: async () => (await records(t).schedule(maria, { frequency: 'Weekly' })) as number,
    change: { notes: 'Side door' },
    field: 'notes',
  },
  {
    name: 'inquiries',
    path: '/api/inquiries',
    make: async () => records(t).inquiry('Ann Lee'),
    change: { description: 'Two cats' },
    field: 'description',
  },
])('$name', ({ path, make, change, field }) => {
  type Versioned = (OneTimeCleaning | RecurringPayment | Inquiry) & Record<string, unknown>;
  const read = async (id: number): Promise<Versioned> => {
    const res = await t.asAdmin('GET', `${path}?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<Versioned[]>().find((r) => r.id === id);
    expect(found).toBeDefined();
    return found as Versioned;
  };

  it('stale → 412 and unchanged; current, * and none → 200; malformed → 400; a stale delete → 412', async () => {
    const id = await make();
    const seen = await read(id);
    expect(seen.version).toMatch(/^\d+$/);

    const other = await t.asAdmin('PATCH', `${path}/${id}`, change);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().version).not.toBe(seen.version);

    const stale = await t.asAdmin(
      'PATCH',
      `${path}/${id}`,
      { [field]: 'stale screen' },
      quoted(seen.version),
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toMatch(/changed since you opened it/);
    expect((await read(id))[field]).toBe(Object.values(change)[0]);

    expect((await t.asAdmin('PATCH', `${path}/${id}`, { [field]: 'x' }, withIfMatch('7'))).statusCode).toBe(
      400,
    );
    expect((await t.asAdmin('DELETE', `${path}/${id}`, undefined, withIfMatch('W/"1"'))).statusCode).toBe(
      400,
    );

    const current = await t.asAdmin(
      'PATCH',
      `${path}/${id}`,
      { [field]: 'current' },
      quoted(other.json().version),
    );
    expect(current.statusCode, current.body).toBe(200);
    expect(
      (await t.asAdmin('PATCH', `${path}/${id}`, { [field]: 'star' }, withIfMatch('*'))).statusCode,
    ).toBe(200);
    expect((await t.asAdmin('PATCH', `${path}/${id}`, { [field]: 'none' })).statusCode).toBe(200);
    expect((await read(id))[field]).toBe('none');

    const staleDelete = await t.asAdmin('DELETE', `${path}/${id}`, undefined, quoted(seen.version));
    expect(staleDelete.statusCode).toBe(412);
    expect((await read(id)).id).toBe(id);
    const latest = (await read(id)).version;
    expect((await t.asAdmin('DELETE', `${path}/${id}`, undefined, quoted(latest))).statusCode).toBe(204);
    expect((await t.asAdmin('PATCH', `${path}/${id}`, { [field]: 'gone' }, quoted(latest))).statusCode).toBe(
      404,
    );
  });
});

describe('whoever writes', () => {
  it('a write straight to the database (a job, a script) changes the version too; an unchanged row keeps it', async () => {
    const cleaning = await oneTime();
    const key = `o${cleaning.id}`;
    const before = (await visitOf(key)).version;
    await t.db.update(oneTimeCleanings).set({ amount: 150 }).where(eq(oneTimeCleanings.id, cleaning.id));
    expect((await visitOf(key)).version).toBe(before);
    await t.db
      .update(oneTimeCleanings)
      .set({ notes: 'by a job' })
      .where(eq(oneTimeCleanings.id, cleaning.id));
    expect((await visitOf(key)).version).not.toBe(before);
    const s = await records(t).schedule(maria, { frequency: 'Weekly' });
    const [row] = await t.db.select().from(recurringPayments).where(eq(recurringPayments.id, s));
    await records(t).paidRecord(s, [new Date('2027-03-02T14:00:00Z')]);
    const [after] = await t.db.select().from(recurringPayments).where(eq(recurringPayments.id, s));
    expect(after?.lastPaidAt).not.toBeNull();
    expect(after?.version).toBe(row?.version);
  });
});

describe('the OpenAPI document', () => {
  it('declares If-Match and the 412 on every versioned change and delete', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    type Operation = { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> };
    const paths = res.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const versioned = [
      ['patch', '/api/visits/{key}'],
      ...['/api/one_time_cleanings/{id}', '/api/recurring_payments/{id}', '/api/inquiries/{id}'].flatMap(
        (p) => [
          ['patch', p],
          ['delete', p],
        ],
      ),
    ] as const;
    for (const [method, path] of versioned) {
      const operation = paths[path]?.[method];
      expect(operation?.parameters, `${method} ${path}`).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'if-match' }),
      );
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toContain('412');
    }
  });
});

describe('the customer’s page (its forms carry the version they showed)', () => {
  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('a page opened before the owner moved the visit cannot cancel it: 412, nothing changed', async () => {
    const cleaning = await oneTime();
    const key = `o${cleaning.id}`;
    const shown = (await visitOf(key)).version;
    const token = await customerLinksStore(t.db).issue(maria);
    const moved = await t.asAdmin('PATCH', `/api/visits/${key}`, { start: '2027-03-10T10:00' });
    expect(moved.statusCode, moved.body).toBe(200);

    const cancel = await post(`/visit/${token}/visits/${key}/cancel`, { version: shown, confirm: '1' });
    expect(cancel.statusCode).toBe(412);
    // The page again (the web build renders it, as CI's does), as it is now: the sentence, the new time, its version.
    const page = cancel.body.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");
    expect(page).toContain('This visit changed after this page was opened, so nothing was changed');
    expect(page).toContain('Wednesday, March 10, 2027 at 10:00 AM EST');
    expect(page).toContain(`name="version" value="${(await visitOf(key)).version}"`);
    const reschedule = await post(`/visit/${token}/visits/${key}/reschedule`, {
      version: shown,
      start: '2027-03-11T10:00:00-05:00',
    });
    expect(reschedule.statusCode).toBe(412);
    expect(await visitOf(key)).toMatchObject({ status: 'planned', start: '2027-03-10T15:00:00.000Z' });

    // The page as it is now carries the current version: that one goes ahead.
    const current = await post(`/visit/${token}/visits/${key}/cancel`, {
      version: (await visitOf(key)).version,
      confirm: '1',
    });
    expect(current.statusCode, current.body).toBe(303);
    expect((await visitOf(key)).status).toBe('cancelled');
  });

  it('a schedule’s visit: a skip from a page that showed another time is a 412; from the current page, done', async () => {
    const res = await t.asAdmin('POST', '/api/recurring_payments', {
      inquiry_id: maria,
      amount: 120,
      frequency: 'Weekly',
      first_visit_at: '2027-03-02T09:00',
    });
    const key = `r${res.json<RecurringPayment>().id}-20270309T140000Z`;
    const shown = (await visitOf(key)).version;
    const token = await customerLinksStore(t.db).issue(maria);
    expect((await t.asAdmin('PATCH', `/api/visits/${key}`, { start: '2027-03-09T13:00' })).statusCode).toBe(
      200,
    );

    expect(
      (await post(`/visit/${token}/visits/${key}/skip`, { version: shown, confirm: '1' })).statusCode,
    ).toBe(412);
    expect((await visitOf(key)).status).toBe('planned');
    const now = (await visitOf(key)).version;
    expect(
      (await post(`/visit/${token}/visits/${key}/skip`, { version: now, confirm: '1' })).statusCode,
    ).toBe(303);
    expect((await visitOf(key)).status).toBe('skipped');
  });
});
