import type { Inquiry } from '@clean/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactStatus, inquiries, mailOutbox, pushOutbox, pushSubscriptions } from '../../src/db/schema';
import { bookingNotice } from '../../src/features/push/notices';
import { createTestApp, type TestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';
import { startSmtp } from '../support/smtp';

/**
 * A booking request with the quote's inputs and where the visitor came from (docs/product.md#prices-and-the-quote):
 * the server prices it again from its own table, stores it with the inquiry, and the owner's mail and push say the
 * price.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: ReturnType<TestApp['injectAs']>;
let standard: number;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { outbox: { pollMs: 200, retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 1000 } },
    { realMailer: true, env: { SMTP_URL: smtp.url, ADMIN_EMAIL: 'owner@bristol.test' } },
  );
  admin = t.injectAs(await t.signin());
  const pkg = await admin('POST', '/api/packages', {
    title: 'Standard Clean',
    amount: 150,
    image_url: '/demo/pkg-deep.svg',
    description: '',
  });
  standard = pkg.json<{ id: number }>().id;
  const put = await admin('PUT', '/api/pricing', {
    packages: [{ package_id: standard, base_minutes: 120 }],
    per_bedroom: { amount: 20, minutes: 30 },
    per_bathroom: { amount: 15, minutes: 20 },
    extras: [{ key: 'inside-fridge', name: 'Inside the fridge', amount: 30, minutes: 30 }],
    frequency_discounts: { one_time: 0, weekly: 15, every_2_weeks: 10, every_4_weeks: 5 },
    minimum: 90,
  });
  expect(put.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const request = (extra: Record<string, unknown> = {}) => ({
  name: 'Jamie Doe',
  phone_number: '8605550199',
  call_or_text: 'text',
  town: 'Plainville',
  description: 'Before guests arrive.',
  ...extra,
});
const choices = () => ({
  package_id: standard,
  bedrooms: 3,
  bathrooms: 2,
  extras: ['inside-fridge'],
  frequency: 'every_2_weeks',
});
const stored = () => t.db.select().from(inquiries);
const storedAndQueued = async () => ({ inquiries: await stored(), mails: await t.db.$count(mailOutbox) });

describe('POST /api/inquiries with a quote and a lead source', () => {
  it('prices the request again on the server and stores inputs, amount, length and lines with it', async () => {
    const res = await t.anonymous(
      'POST',
      '/api/inquiries',
      request({
        // A number from the browser is no part of the schema's quote: it is dropped, never trusted.
        quote: { ...choices(), amount: 1, duration_minutes: 1 },
        heard_from: 'nextdoor',
        utm_source: 'nextdoor',
        utm_medium: 'social',
        utm_campaign: 'spring-2027',
        referrer: 'https://nextdoor.com/',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const inquiry = res.json<Inquiry>();
    // 150 + 2×20 + 15 + 30 = 235, less 10% = 211.50; 120 + 60 + 20 + 30 = 230 minutes.
    const { lines, ...priced } = inquiry.quote ?? { lines: [] };
    expect(priced).toEqual({ ...choices(), amount: 211.5, duration_minutes: 230 });
    expect(lines.map(({ label, amount, minutes }) => [label, amount, minutes])).toEqual([
      ['Standard Clean', 150, 120],
      ['2 more bedrooms', 40, 60],
      ['1 more bathroom', 15, 20],
      ['Inside the fridge', 30, 30],
      ['Every 2 weeks discount (10%)', -23.5, 0],
    ]);
    expect(inquiry).toMatchObject({
      heard_from: 'nextdoor',
      utm_source: 'nextdoor',
      utm_medium: 'social',
      utm_campaign: 'spring-2027',
      referrer: 'https://nextdoor.com/',
    });
    // The owner's list answers the same.
    const listed = (await admin('GET', '/api/inquiries')).json<Inquiry[]>().find((i) => i.id === inquiry.id);
    // The owner's read adds the owner's access notes (none: a visitor cannot send them).
    expect(listed).toEqual({ ...inquiry, access_notes: null });
  });

  it('takes numbers as the form sends them (strings) and one extra as a single value', async () => {
    const res = await t.anonymous(
      'POST',
      '/api/inquiries',
      request({
        quote: { package_id: String(standard), bedrooms: '1', bathrooms: '1', extras: 'inside-fridge' },
        heard_from: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().quote).toMatchObject({ amount: 180, duration_minutes: 150, frequency: 'one_time' });
    expect(res.json().heard_from).toBeNull();
  });

  it('without a quote stores none (quote null), as before', async () => {
    const res = await t.anonymous('POST', '/api/inquiries', request());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quote: null, heard_from: null, utm_source: null, referrer: null });
  });

  it.each([
    [
      'an unknown package',
      () => ({ quote: { ...choices(), package_id: 999_999 } }),
      /cannot be priced online/,
    ],
    ['an unknown extra', () => ({ quote: { ...choices(), extras: ['sauna'] } }), /Unknown extra: sauna/],
    ['21 bedrooms', () => ({ quote: { ...choices(), bedrooms: 21 } }), /Bedrooms must be at most 20/],
    ['a frequency it does not know', () => ({ quote: { ...choices(), frequency: 'daily' } }), /frequency/],
    ['a source not in the list', () => ({ heard_from: 'tiktok' }), /heard_from must be one of/],
    [
      'a utm_source of 101 characters',
      () => ({ utm_source: 'x'.repeat(101) }),
      /utm_source must be at most 100/,
    ],
    ['a referrer that is not text', () => ({ referrer: 42 }), /Referrer must be text/],
  ])('refuses %s with a 400 that stores and queues nothing', async (_name, change, error) => {
    await expectRefused(storedAndQueued, { status: 400, error }, () =>
      t.anonymous('POST', '/api/inquiries', request(change())),
    );
  });

  it('is still refused with 409 while the booking switch is closed, quote or not', async () => {
    await t.db.update(contactStatus).set({ isOpen: false });
    try {
      await expectRefused(stored, { status: 409, error: /not taking new booking requests/ }, () =>
        t.anonymous('POST', '/api/inquiries', request({ quote: choices() })),
      );
    } finally {
      await t.db.update(contactStatus).set({ isOpen: true });
    }
  });
});

describe('the owner hears the price', () => {
  it('the new-lead mail names the estimate, its lines and where the visitor heard of us', async () => {
    const res = await t.anonymous(
      'POST',
      '/api/inquiries',
      request({ name: 'Mia Mail', quote: { ...choices(), frequency: 'weekly' }, heard_from: 'friend' }),
    );
    expect(res.statusCode).toBe(201);
    // Earlier tests' mails may still be arriving: wait for this one by its subject.
    const mine = () =>
      smtp.received.find((m) => m.raw.includes('Subject: New booking request from Mia Mail'));
    while (!mine()) await smtp.waitFor(smtp.received.length + 1, 10_000);
    const mail = await simpleParser(mine()?.raw ?? '');
    // 235 less 15% = 199.75, 230 minutes.
    expect(mail.text).toContain('Estimate: $199.75 for about 3 h 50 min, weekly');
    expect(mail.text).toContain('  Inside the fridge: $30.00');
    expect(mail.text).toContain('  Weekly discount (15%): -$35.25');
    expect(mail.text).toContain('Heard about us: A friend or neighbor');
  });

  it('the push notice carries the price (and, once a time is held, the time asked for)', async () => {
    await t.db
      .insert(pushSubscriptions)
      .values({ endpoint: 'https://push.invalid/owner', p256dh: 'k', auth: 'a' });
    const res = await t.anonymous('POST', '/api/inquiries', request({ name: 'Pia Push', quote: choices() }));
    expect(res.statusCode).toBe(201);
    const payloads = (await t.db.select().from(pushOutbox)).map((r) => JSON.parse(r.payload));
    expect(payloads).toContainEqual({
      title: 'New booking request — $211.50',
      body: 'Pia Push, Plainville',
      url: '/contact-center?tab=manage',
    });
    await t.db.delete(pushSubscriptions);
    // The hook the held time fills (slots): named in the business's zone.
    const notice = bookingNotice(res.json<Inquiry>(), 'America/New_York', '2027-03-02T14:00:00.000Z');
    expect(notice.body).toBe('Pia Push, Plainville — asks for March 2, 2027 at 9:00 AM');
  });
});
