import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { useTestApp } from '../support/harness';

/**
 * The owner's move tells the customer (docs/api.md): a mail with the new time and the visit's .ics under the
 * confirmation's UID, a higher SEQUENCE, queued with the move; none with notify_customer: false.
 */
const t = useTestApp({ publicUrl: 'https://clean.example' });

async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const eventOf = (content: string) =>
  Object.values(ical.sync.parseICS(content)).find((c): c is VEvent => c?.type === 'VEVENT');

describe("the owner's move", () => {
  it('mails the customer the new time with the same UID and a higher sequence; not when told not to', async () => {
    const email = 'moved@customer.test';
    const { id: inquiry } = await post('/api/inquiries', {
      name: 'Mo Moved',
      email,
      phone_number: '8605550123',
      call_or_text: 'call',
      town: 'Bristol',
    });
    const { id } = await post('/api/one_time_cleanings', {
      inquiry_id: inquiry,
      date_time: '2027-06-08T09:00',
      amount: 100,
    });
    const [confirmation] = await mailsTo(email);
    const first = eventOf(confirmation?.attachments?.[0]?.content ?? '');
    expect(first?.uid).toBeTruthy();

    const moved = await t.asAdmin('PATCH', `/api/visits/o${id}`, { start: '2027-06-09T10:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const update = mails.find((m) => m.id !== confirmation?.id);
    expect(update?.body).toContain(
      'We moved your cleaning of Tuesday, June 8, 2027 at 9:00 AM EDT to Wednesday, June 9, 2027 at 10:00 AM EDT.',
    );
    const event = eventOf(update?.attachments?.[0]?.content ?? '');
    expect(event?.uid).toBe(first?.uid);
    expect(event?.start.toISOString()).toBe('2027-06-09T14:00:00.000Z');
    expect(Number(event?.sequence)).toBeGreaterThan(Number(first?.sequence ?? 0));

    const quiet = await t.asAdmin('PATCH', `/api/visits/o${id}`, {
      start: '2027-06-10T10:00',
      notify_customer: false,
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);

    const bad = await t.asAdmin('PATCH', `/api/visits/o${id}`, {
      start: '2027-06-11T10:00',
      notify_customer: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('notify_customer');
  });
});
