import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { and, eq, like, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerLinks, mailOutbox, oneTimeCleanings, recurringPayments } from '../../src/db/schema';
import { CONFIRMATION_SUBJECT } from '../../src/features/notifications/customer';
import { useMailingApp } from '../support/mailing-app';

/**
 * The customer's confirmation of a booked visit, through the outbox to a real SMTP peer: one mail with the time
 * in the business zone (named), the town, the price, the owner's phone and an .ics whose UID is the owner's
 * feed's for that visit; none when the owner unticks it, or when the customer gave no e-mail.
 */
const { smtp, t } = await useMailingApp();

async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
const customer = (name: string, email: string | null = `${name.toLowerCase()}@customer.test`) =>
  post('/api/inquiries', { name, email, phone_number: '8605550123', call_or_text: 'text', town: 'Bristol' });
const icsEvents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
/** Waits until the outbox has sent everything, so "no mail" is a fact, not a race. */
async function outboxEmpty() {
  await vi.waitFor(
    async () => {
      expect((await t.db.select().from(mailOutbox)).filter((m) => !m.sentAt)).toEqual([]);
    },
    { timeout: 10_000, interval: 50 },
  );
}
const feedUids = async () => {
  const { url } = (await t.asAdmin('GET', '/api/calendar_feed')).json<{ url: string }>();
  return icsEvents((await t.anonymous('GET', new URL(url).pathname)).body).map((e) => e.uid);
};

beforeEach(() => {
  smtp.received.length = 0;
});

describe('confirmation of a one-time cleaning', () => {
  it('mails the customer once: time named in the business zone, town, price, phone, and an .ics with TZID and the feed’s UID', async () => {
    const ann = await customer('Ann');
    const cleaning = await post('/api/one_time_cleanings', {
      inquiry_id: ann.id,
      date_time: '2027-03-02T09:00',
      amount: 150,
    });
    const received = await smtp.waitFor(1);
    await outboxEmpty();
    expect(mailsTo('ann@customer.test')).toHaveLength(1);
    const mail = await simpleParser(received.raw);
    expect(mail.subject).toContain('Your cleaning is booked');
    expect(mail.text).toContain('When: Tuesday, March 2, 2027 at 9:00 AM EST');
    expect(mail.text).toContain('Where: Bristol');
    expect(mail.text).toContain('Price: $150.00');
    expect(mail.text).toContain('(860) 555-0142');
    // The customer's personal link (features/customer-link), under PUBLIC_URL.
    expect(mail.text).toMatch(/https:\/\/clean\.example\/visit\/[A-Za-z0-9_-]{22}\n/);

    const ics = mail.attachments.find((a) => a.filename === 'visit.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const text = ics?.content.toString('utf8') ?? '';
    expect(text).toContain('DTSTART;TZID=America/New_York:20270302T090000');
    expect(text).toContain('BEGIN:VTIMEZONE');
    const [event] = icsEvents(text);
    expect(event?.start.toISOString()).toBe('2027-03-02T14:00:00.000Z');
    expect(event?.start.tz).toBe('America/New_York');
    expect(event?.uid).toBe(`one-time-${cleaning.id}@clean.example`);
    expect(event?.location).toBe('Bristol');
    // The same entry as the owner's feed: a later file for this visit updates it.
    expect(await feedUids()).toContain(event?.uid);
  });

  it('sends nothing with notify_customer: false, nor to a customer without e-mail', async () => {
    const bob = await customer('Bob');
    await post('/api/one_time_cleanings', {
      inquiry_id: bob.id,
      date_time: '2027-03-03T09:00',
      amount: 100,
      notify_customer: false,
    });
    const cal = await customer('Cal', null);
    await post('/api/one_time_cleanings', { inquiry_id: cal.id, date_time: '2027-03-03T11:00', amount: 100 });
    await outboxEmpty();
    expect(smtp.received).toHaveLength(0);
    // A bad value is refused before anything is written.
    const res = await t.asAdmin('POST', '/api/one_time_cleanings', {
      inquiry_id: bob.id,
      date_time: '2027-03-03T09:00',
      amount: 100,
      notify_customer: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/notify_customer/);
  });
});

describe('confirmation of what the owner creates', () => {
  it('commits with the create: when the mail cannot be queued nothing is created; created again, one mail', async () => {
    const kim = await customer('Kim');
    const refuse = sql`alter table mail_outbox add constraint test_refuses check ("to" <> 'kim@customer.test' or subject not like 'Your cleaning is booked%')`;
    await t.db.execute(refuse);
    try {
      const cleaning = await t.asAdmin('POST', '/api/one_time_cleanings', {
        inquiry_id: kim.id,
        date_time: '2027-03-04T09:00',
        amount: 150,
      });
      expect(cleaning.statusCode).toBe(500);
      const schedule = await t.asAdmin('POST', '/api/recurring_payments', {
        inquiry_id: kim.id,
        amount: 120,
        frequency: 'Weekly',
        first_visit_at: '2027-03-04T13:00',
      });
      expect(schedule.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table mail_outbox drop constraint test_refuses`);
    }
    expect(await t.db.$count(oneTimeCleanings, eq(oneTimeCleanings.inquiryId, kim.id))).toBe(0);
    expect(await t.db.$count(recurringPayments, eq(recurringPayments.inquiryId, kim.id))).toBe(0);
    expect(await t.db.$count(customerLinks, eq(customerLinks.inquiryId, kim.id))).toBe(0);

    await post('/api/one_time_cleanings', { inquiry_id: kim.id, date_time: '2027-03-04T09:00', amount: 150 });
    await smtp.waitFor(1);
    await outboxEmpty();
    expect(mailsTo('kim@customer.test')).toHaveLength(1);
  });
});

describe('confirmation of a recurring schedule', () => {
  it('confirms the first visit, with the frequency, as a series repeating from it', async () => {
    const dee = await customer('Dee');
    const zone = t.config.timezone;
    const now = new TZDate(Date.now(), zone);
    const first = new TZDate(now.getFullYear(), now.getMonth(), now.getDate(), 10, 0, zone);
    const start = addDays(first, 7);
    const wall = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}T10:00`;
    const schedule = await post('/api/recurring_payments', {
      inquiry_id: dee.id,
      amount: 120,
      frequency: 'Every 2 weeks',
      first_visit_at: wall,
    });
    const mail = await simpleParser((await smtp.waitFor(1)).raw);
    expect(mail.text).toContain('Your first cleaning');
    expect(mail.text).toContain('Price: $120.00 a visit (Every 2 weeks)');
    const [event] = icsEvents(
      mail.attachments.find((a) => a.filename === 'visit.ics')?.content.toString('utf8') ?? '',
    );
    expect(event?.start.toISOString()).toBe(new Date(start.getTime()).toISOString());
    // The customer's calendar gets the series under one UID of the schedule's (the owner's feed keeps its own).
    expect(event?.uid).toBe(`series-${schedule.id}@clean.example`);
    expect(event?.rrule?.toString()).toContain('FREQ=WEEKLY;INTERVAL=2');

    // A schedule without a first visit has nothing to confirm.
    await post('/api/recurring_payments', { inquiry_id: dee.id, amount: 120, frequency: 'Weekly' });
    await outboxEmpty();
    expect(mailsTo('dee@customer.test')).toHaveLength(1);
  });
});

/** A booking request for the first open time on `day`, as a visitor sends it; its hold's key. */
async function request(day: string, name: string, email: string) {
  expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: true })).statusCode).toBe(200);
  const [start] = (await t.anonymous('GET', `/api/slots?from=${day}&duration_minutes=120`)).json<string[]>();
  expect(start).toBeDefined();
  const booking = await t.anonymous('POST', '/api/inquiries', {
    name,
    email,
    town: 'Bristol',
    street_address: '12 Oak St',
    zip: '06010',
    requested_start: start,
  });
  expect(booking.statusCode, booking.body).toBe(201);
  await outboxEmpty();
  smtp.received.length = 0; // the owner's new-request mail
  const visits = (await t.asAdmin('GET', `/api/visits?from=${day}&to=${day}`)).json<
    { key: string; status: string; inquiry_id: number | null }[]
  >();
  const hold = visits.find(
    (v) => v.key.startsWith('h') && v.inquiry_id === booking.json<{ id: number }>().id,
  );
  expect(hold?.status).toBe('requested');
  return { key: hold?.key ?? '', inquiryId: booking.json<{ id: number }>().id };
}

describe('confirmation of a booking request the owner confirms', () => {
  it('mails the customer once, however many confirms arrive at once', async () => {
    const hold = await request('2027-04-05', 'Rae Request', 'rae@customer.test');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.asAdmin('PATCH', `/api/visits/${hold.key}`, { status: 'confirmed' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await smtp.waitFor(1);
    await outboxEmpty();
    expect(mailsTo('rae@customer.test')).toHaveLength(1);
    const mail = await simpleParser(mailsTo('rae@customer.test')[0]?.raw ?? '');
    expect(mail.subject).toContain('Your cleaning is booked');
    expect(mail.text).toContain('When: Monday, April 5, 2027 at 8:00 AM EDT');
    // The home the request gave, in the text and as the calendar entry's LOCATION.
    expect(mail.text).toContain('Where: 12 Oak St, Bristol, CT 06010');
    const ics = mail.attachments.find((a) => a.filename === 'visit.ics')?.content.toString('utf8') ?? '';
    expect(icsEvents(ics)[0]?.location).toBe('12 Oak St, Bristol, CT 06010');
  });

  it('commits with the confirm: when the mail cannot be queued the request stays a request; confirmed again, one mail', async () => {
    const hold = await request('2027-04-06', 'Sue Stuck', 'sue@customer.test');
    // A real failure in the database, for this customer's mail alone, inside the confirm's transaction.
    await t.db.execute(
      sql`alter table mail_outbox add constraint test_refuses check ("to" <> 'sue@customer.test' or subject not like 'Your cleaning is booked%')`,
    );
    try {
      const refused = await t.asAdmin('PATCH', `/api/visits/${hold.key}`, { status: 'confirmed' });
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table mail_outbox drop constraint test_refuses`);
    }
    // Nothing of the confirm stayed: still a request, no cleaning, no link issued, no mail.
    const still = (await t.asAdmin('GET', '/api/visits?from=2027-04-06&to=2027-04-06')).json<
      { key: string; status: string }[]
    >();
    expect(still.find((v) => v.key === hold.key)?.status).toBe('requested');
    expect(await t.db.$count(oneTimeCleanings, eq(oneTimeCleanings.inquiryId, hold.inquiryId))).toBe(0);
    expect(await t.db.$count(customerLinks, eq(customerLinks.inquiryId, hold.inquiryId))).toBe(0);
    const confirmationsToSue = and(
      eq(mailOutbox.to, 'sue@customer.test'),
      like(mailOutbox.subject, `${CONFIRMATION_SUBJECT}%`),
    );
    expect(await t.db.$count(mailOutbox, confirmationsToSue)).toBe(0);

    // With the database able again, the owner's confirm (and any repeat of it) sends exactly one.
    for (const _ of [1, 2]) {
      const answer = await t.asAdmin('PATCH', `/api/visits/${hold.key}`, { status: 'confirmed' });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    await smtp.waitFor(1);
    await outboxEmpty();
    expect(mailsTo('sue@customer.test')).toHaveLength(1);
    const mail = await simpleParser(mailsTo('sue@customer.test')[0]?.raw ?? '');
    expect(mail.subject).toContain(CONFIRMATION_SUBJECT);
    expect(await t.db.$count(mailOutbox, confirmationsToSue)).toBe(1);
    expect(await t.db.$count(customerLinks, eq(customerLinks.inquiryId, hold.inquiryId))).toBe(1);
  });
});
