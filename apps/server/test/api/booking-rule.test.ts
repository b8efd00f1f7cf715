import { DEFAULT_WORKING_HOURS, type Visit } from '@clean/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { holds, visitExceptions } from '../../src/db/schema';
import { raceBookingAndMove } from '../support/booking-race';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/**
 * One booking rule (docs/architecture.md): the owner's move and confirm decide under the booking lock that public
 * bookings and the customer's moves take, so a booking and a move for one free time never both win.
 */
const t = useTestApp({ timezone: 'America/New_York' });
let maria: number;

beforeEach(async () => {
  await t.db.delete(holds);
  await t.db.delete(visitExceptions);
  await records(t).clearAll();
  ({ maria } = await records(t).customers());
  expect((await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS)).statusCode).toBe(200);
  expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: true })).statusCode).toBe(200);
});

const patch = (key: string, body: object) => t.asAdmin('PATCH', `/api/visits/${key}`, body);

describe('a public booking and the owner’s move of a visit to one free time at once', () => {
  it('20 rounds: exactly one of the two is accepted each time, the other is a 409', async () => {
    await raceBookingAndMove(t, { book: t.anonymous, move: t.asAdmin }, maria);
  });
});

describe('the owner’s move under the booking rule', () => {
  it('a move onto a held request is a 409 that changes nothing; allow_overlap still overlaps it', async () => {
    const id = await records(t).cleaning(maria, { dateTime: new Date('2027-05-03T14:00:00Z') });
    const booked = await t.anonymous('POST', '/api/inquiries', {
      name: 'Jamie Doe',
      email: 'jamie@example.com',
      town: 'Bristol',
      street_address: '12 Oak St',
      requested_start: '2027-04-06T10:00:00-04:00',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const refused = await patch(`o${id}`, { start: '2027-04-06T10:30' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/Overlaps Jamie Doe.*allow_overlap/);
    const still = await t.asAdmin('GET', '/api/visits?from=2027-05-03&to=2027-05-03');
    expect(still.json<Visit[]>().map((v) => v.start)).toEqual(['2027-05-03T14:00:00.000Z']);

    const forced = await patch(`o${id}`, { start: '2027-04-06T10:30', allow_overlap: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json<Visit>().start).toBe('2027-04-06T14:30:00.000Z');
  });

  it('a recurring visit’s move decides the same way (409 onto a held request)', async () => {
    const schedule = await t.asAdmin('POST', '/api/recurring_payments', {
      inquiry_id: maria,
      amount: 140,
      frequency: 'Weekly',
      first_visit_at: '2027-05-03T09:00',
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const booked = await t.anonymous('POST', '/api/inquiries', {
      name: 'Jamie Doe',
      email: 'jamie@example.com',
      town: 'Bristol',
      street_address: '12 Oak St',
      requested_start: '2027-04-07T13:00:00-04:00',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const key = `r${schedule.json<{ id: number }>().id}-20270503T130000Z`;
    const refused = await patch(key, { start: '2027-04-07T13:00' });
    expect(refused.statusCode).toBe(409);
    expect(await t.db.$count(visitExceptions)).toBe(0);
    expect((await patch(key, { start: '2027-04-07T09:00' })).statusCode).toBe(200);
  });
});
