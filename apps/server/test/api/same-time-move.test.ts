import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { useTestApp } from '../support/harness';

/** The owner's move to the time a visit already has (docs/api.md): 200 with the visit as it is, nothing changed. */
const t = useTestApp();

async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
type Visit = { key: string; start: string; version: string; original_start: string | null };
const visitOn = async (day: string, key: string) => {
  const res = await t.asAdmin('GET', `/api/visits?from=${day}&to=${day}`);
  return res.json<Visit[]>().find((v) => v.key === key);
};

describe('a move to the same time', () => {
  it('one-time and recurring: 200 with the visit unchanged, its version kept, nothing queued', async () => {
    const { id: inquiry } = await post('/api/inquiries', {
      name: 'Sam Same',
      email: 'same@customer.test',
      phone_number: '8605550123',
      call_or_text: 'call',
      town: 'Bristol',
    });
    const { id } = await post('/api/one_time_cleanings', {
      inquiry_id: inquiry,
      date_time: '2027-05-04T10:00',
      amount: 100,
      notify_customer: false,
    });
    const s = await post('/api/recurring_payments', {
      inquiry_id: inquiry,
      amount: 120,
      frequency: 'Weekly',
      first_visit_at: '2027-05-05T09:00',
      notify_customer: false,
    });
    const recurring = `r${s.id}-20270505T130000Z`;
    const mails = await t.db.$count(mailOutbox);
    for (const [key, day, wall] of [
      [`o${id}`, '2027-05-04', '2027-05-04T10:00'],
      [recurring, '2027-05-05', '2027-05-05T09:00'],
    ] as const) {
      const before = await visitOn(day, key);
      const res = await t.asAdmin(
        'PATCH',
        `/api/visits/${key}`,
        { start: wall },
        { headers: { 'if-match': `"${before?.version}"` } },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(before);
      expect(await visitOn(day, key)).toEqual(before);
    }
    expect(await t.db.$count(mailOutbox)).toBe(mails);

    // A move away and back is two real moves: the visit is at its time again, with a new version.
    const away = await t.asAdmin('PATCH', `/api/visits/${recurring}`, { start: '2027-05-05T11:00' });
    expect(away.json<Visit>().original_start).toBe('2027-05-05T13:00:00.000Z');
    const back = await t.asAdmin('PATCH', `/api/visits/${recurring}`, { start: '2027-05-05T09:00' });
    expect(back.json<Visit>()).toMatchObject({ start: '2027-05-05T13:00:00.000Z', original_start: null });
    expect(back.json<Visit>().version).not.toBe(away.json<Visit>().version);
  });
});
