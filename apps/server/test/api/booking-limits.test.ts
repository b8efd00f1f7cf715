import { DEFAULT_WORKING_HOURS, defaultSiteConfig, formatPhone } from '@clean/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { holds, inquiries, visitExceptions } from '../../src/db/schema';
import { NOT_OFFERED, tooManyWaiting } from '../../src/features/slots/service';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/**
 * A booking takes only a time GET /api/slots offers at that moment (notice, horizon, working hours, free), dates
 * outside the years 1900-2999 are a 400 naming the field, and one contact has at most two requests waiting. The
 * clock is the test's: Monday 1 March 2027, noon in New York (the horizon ends 365 days on: 29 February 2028).
 */
let clock = new Date('2027-03-01T17:00:00Z');
const t = useTestApp({ timezone: 'America/New_York' }, { clock: () => clock });

beforeEach(async () => {
  clock = new Date('2027-03-01T17:00:00Z');
  await t.db.delete(holds);
  await t.db.delete(visitExceptions);
  await records(t).clearAll();
  expect((await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS)).statusCode).toBe(200);
  expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: true })).statusCode).toBe(200);
});

let visitor = 0;
const request = (extra: object = {}) => ({
  name: 'Jamie Doe',
  email: 'jamie@example.com',
  phone_number: '(860) 555-0199',
  town: 'Plainville',
  street_address: '7 Elm St',
  ...extra,
});
/** A booking request from its own client address (the public rate limit is not what these tests are about). */
const book = (extra: object = {}) =>
  t.anonymous('POST', '/api/inquiries', request(extra), { remoteAddress: `10.1.0.${++visitor % 250}` });
const slots = async (from: string) => {
  const res = await t.anonymous('GET', `/api/slots?from=${from}&duration_minutes=120`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<string[]>();
};
const phone = formatPhone(defaultSiteConfig.phone);

describe('only what was offered', () => {
  it('GET /api/slots offers nothing past the horizon; a booking there is a 409 that stores nothing', async () => {
    const lastWeek = await slots('2028-02-28');
    expect(lastWeek.length).toBeGreaterThan(0);
    expect(lastWeek.every((s) => s.startsWith('2028-02-28'))).toBe(true);
    expect(await slots('2028-03-06')).toEqual([]);
    expect(await slots('2999-12-20')).toEqual([]);

    const late = await book({ requested_start: '2028-03-06T09:00:00-05:00' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: NOT_OFFERED });
    const offered = await book({ requested_start: lastWeek[0] });
    expect(offered.statusCode, offered.body).toBe(201);
    expect(await t.db.$count(inquiries)).toBe(1);
  });

  it('the no-script form is refused past the horizon too (409 with the sentence), storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/contact',
      remoteAddress: '10.2.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(request({ requested_start: '2030-03-04T09:00:00-05:00' })).toString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body.replaceAll('&#x27;', "'")).toContain('not one of the open times offered');
    expect(await t.db.$count(inquiries)).toBe(0);
  });
});

describe('years that exist', () => {
  it('a year outside 1900-2999 is a 400 naming the field, on the public and the owner’s routes', async () => {
    for (const from of ['9999-12-20', '0001-01-01', '3000-01-01', '1899-12-31']) {
      const res = await t.anonymous('GET', `/api/slots?from=${from}&duration_minutes=120`);
      expect(res.statusCode, from).toBe(400);
      expect(res.json().error).toMatch(/from must be in the years 1900 to 2999\./);
    }
    for (const start of ['9999-03-01T09:00:00-05:00', '0001-03-01T09:00:00Z']) {
      const res = await book({ requested_start: start });
      expect(res.statusCode, start).toBe(400);
      expect(res.json().error).toMatch(/requested_start/);
    }
    expect(await t.db.$count(inquiries)).toBe(0);
    const visits = await t.asAdmin('GET', '/api/visits?from=2027-03-01&to=9999-03-01');
    expect(visits.statusCode).toBe(400);
    expect(visits.json().error).toMatch(/to must be in the years 1900 to 2999\./);
    const conflicts = await t.asAdmin('GET', '/api/visits/conflicts?start=9999-03-01T09:00');
    expect(conflicts.statusCode).toBe(400);
    expect(conflicts.json().error).toMatch(/start/);
    const { maria } = await records(t).customers();
    const id = await records(t).cleaning(maria, { dateTime: new Date('2027-04-05T14:00:00Z') });
    const move = await t.asAdmin('PATCH', `/api/visits/o${id}`, { start: '9999-04-05T10:00' });
    expect(move.statusCode).toBe(400);
    expect(move.json().error).toMatch(/start/);
  });
});

describe('two waiting requests per contact', () => {
  it('a third request from one e-mail or one phone number is a 429 with the business’s phone; nothing stored', async () => {
    expect((await book({ requested_start: '2027-03-08T09:00:00-05:00' })).statusCode).toBe(201);
    expect((await book({ requested_start: '2027-03-09T09:00:00-05:00' })).statusCode).toBe(201);
    const sameEmail = await book({
      email: 'JAMIE@Example.com',
      phone_number: '8605550111',
      requested_start: '2027-03-10T09:00:00-05:00',
    });
    expect(sameEmail.statusCode).toBe(429);
    expect(sameEmail.json()).toEqual({ error: tooManyWaiting(phone) });
    expect(sameEmail.json().error).toMatch(/waiting.*\(860\) 555-0142/);
    const samePhone = await book({
      email: 'other@example.com',
      requested_start: '2027-03-10T09:00:00-05:00',
    });
    expect(samePhone.statusCode).toBe(429);
    const noTime = await book();
    expect(noTime.statusCode).toBe(429);
    expect(await t.db.$count(inquiries)).toBe(2);
    expect(await t.db.$count(holds)).toBe(2);

    // Someone else is not limited; once the owner answers one, the contact may send another.
    const other = await book({ email: 'sam@example.com', phone_number: '8605550177' });
    expect(other.statusCode).toBe(201);
    const [first] = await t.db.select().from(holds).limit(1);
    expect((await t.asAdmin('PATCH', `/api/visits/h${first?.id}`, { status: 'declined' })).statusCode).toBe(
      200,
    );
    expect((await book({ requested_start: '2027-03-10T09:00:00-05:00' })).statusCode).toBe(201);
  });

  it('a request lapsed after holdDays no longer waits', async () => {
    expect((await book({ requested_start: '2027-03-08T09:00:00-05:00' })).statusCode).toBe(201);
    expect((await book({ requested_start: '2027-03-09T09:00:00-05:00' })).statusCode).toBe(201);
    clock = new Date('2027-03-04T18:00:00Z');
    expect((await book({ requested_start: '2027-03-10T09:00:00-05:00' })).statusCode).toBe(201);
  });

  it('five requests from one contact at once, for five times: two are held, three get 429', async () => {
    const answers = await Promise.all(
      ['08', '09', '10', '11', '12'].map((d) => book({ requested_start: `2027-03-${d}T13:00:00-05:00` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    expect(await t.db.$count(holds)).toBe(2);
    expect(await t.db.$count(inquiries)).toBe(2);
  });

  it('the no-script form shows the sentence with the phone (429), storing nothing', async () => {
    expect((await book({ requested_start: '2027-03-08T09:00:00-05:00' })).statusCode).toBe(201);
    expect((await book({ requested_start: '2027-03-09T09:00:00-05:00' })).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/contact',
      remoteAddress: '10.2.0.2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(request({ requested_start: '2027-03-10T09:00:00-05:00' })).toString(),
    });
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain('requests waiting for our answer');
    expect(res.body).toContain(phone);
    expect(await t.db.$count(inquiries)).toBe(2);
  });
});
