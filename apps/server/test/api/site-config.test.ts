import { defaultSiteConfig, type SiteConfig } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

// Uses the built web app for `/` (apps/web/dist-ssr), as `npm test` builds it first.
const t = useTestApp();

const read = async () => (await t.anonymous('GET', '/api/site-config')).json<SiteConfig>();
const save = (body: unknown) => t.asAdmin('PUT', '/api/site-config', body);
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe('GET /api/site-config', () => {
  it('answers the configured facts while the owner has saved none', async () => {
    expect(await read()).toEqual({ ...defaultSiteConfig, timezone: t.config.timezone });
  });
});

describe('PUT /api/site-config', () => {
  it('replaces only the top-level fields it names, and `/` shows the new phone in its HTML and JSON-LD', async () => {
    const before = await read();
    expect((await t.anonymous('GET', '/')).body).toContain(before.phone);
    const res = await save({ phone: '203.555.0199', towns: ['Bristol', 'Plymouth'] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read();
    expect(res.json()).toEqual(after);
    expect(after).toEqual({ ...before, phone: '(203) 555-0199', towns: ['Bristol', 'Plymouth'] });

    const html = (await t.anonymous('GET', '/')).body;
    expect(html).toContain('(203) 555-0199');
    expect(html).not.toContain(before.phone);
    expect(jsonLd(html)).toMatchObject({ telephone: '(203) 555-0199', name: before.businessName });

    // A later save keeps what the earlier one changed.
    expect(
      (await save({ social: { label: 'Instagram', url: 'https://instagram.com/eco' } })).statusCode,
    ).toBe(200);
    expect(await read()).toMatchObject({ phone: '(203) 555-0199', social: { label: 'Instagram' } });
  });

  it('keeps a phone typed with the country code (+1 …) as the site shows it', async () => {
    expect((await save({ phone: '+1 (203) 555-0177' })).statusCode).toBe(200);
    expect((await read()).phone).toBe('(203) 555-0177');
  });

  it('stores and serves the Google review link and the booking rules, each replaced whole, nothing else touched', async () => {
    const before = await read();
    const rules = {
      noticeHours: 12,
      travelBufferMinutes: 45,
      holdDays: 2,
      cutoffHours: 24,
      reviewDelayHours: 6,
    };
    const res = await save({ googleReviewUrl: 'https://g.page/r/eco-clean/review', bookingRules: rules });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read()).toEqual({
      ...before,
      googleReviewUrl: 'https://g.page/r/eco-clean/review',
      bookingRules: rules,
    });
    // A save naming one field leaves the other as saved; '' takes the review link away.
    expect((await save({ googleReviewUrl: '' })).statusCode).toBe(200);
    expect(await read()).toEqual({ ...before, googleReviewUrl: '', bookingRules: rules });
  });

  it('the mails sent after a save carry the new facts: the visitor’s acknowledgement and the reset link’s subject', async () => {
    const saved = await save({ businessName: 'Plymouth Green Clean', phone: '8605550111' });
    expect(saved.statusCode, saved.body).toBe(200);
    const booked = await t.anonymous('POST', '/api/inquiries', {
      name: 'Dana Roe',
      email: 'dana@example.com',
      phone_number: '8605550123',
      call_or_text: 'call',
      town: 'Bristol',
      description: 'Kitchen',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await expect
      .poll(() => t.sent.find((m) => m.to === 'dana@example.com'), { timeout: 5000 })
      .toMatchObject({ subject: expect.stringContaining('Plymouth Green Clean') });
    const ack = t.sent.find((m) => m.to === 'dana@example.com');
    expect(ack?.text).toContain('call us at (860) 555-0111');
    expect(ack?.text).toContain('Thank you for contacting Plymouth Green Clean.');

    expect((await t.anonymous('POST', '/forgot_password', { username: 'admin' })).statusCode).toBe(200);
    // The reset mail leaves through the outbox too.
    await expect
      .poll(() => t.sent.find((m) => m.subject.endsWith('reset your password'))?.subject, { timeout: 5000 })
      .toBe('Plymouth Green Clean: reset your password');
  });

  it.each([
    ['a review link that is not http(s)', { googleReviewUrl: 'ftp://g.page/r' }, /Google review link/],
    ['a review link that is no link', { googleReviewUrl: 'my google page' }, /Google review link/],
    [
      'booking rules missing one',
      { bookingRules: { noticeHours: 24, travelBufferMinutes: 30, holdDays: 3, cutoffHours: 48 } },
      /reviewDelayHours/,
    ],
    [
      'a notice in fractions of an hour',
      { bookingRules: { ...defaultSiteConfig.bookingRules, noticeHours: 1.5 } },
      /Notice must be a whole number of hours/,
    ],
    [
      'a negative travel buffer',
      { bookingRules: { ...defaultSiteConfig.bookingRules, travelBufferMinutes: -5 } },
      /Travel buffer must be at least 0 minutes/,
    ],
    [
      'a hold of no days',
      { bookingRules: { ...defaultSiteConfig.bookingRules, holdDays: 0 } },
      /Hold must be at least 1 days/,
    ],
    [
      'a cutoff given as text',
      { bookingRules: { ...defaultSiteConfig.bookingRules, cutoffHours: '48' } },
      /Change cutoff must be a whole number of hours/,
    ],
    [
      'a review delay over a week',
      { bookingRules: { ...defaultSiteConfig.bookingRules, reviewDelayHours: 169 } },
      /Review request delay must be at most 168 hours/,
    ],
    [
      'an unknown booking rule',
      { bookingRules: { ...defaultSiteConfig.bookingRules, depositCents: 100 } },
      /depositCents/,
    ],
    // One bad field refuses the whole document: the good phone beside it is not saved either.
    [
      'a good phone beside a bad rule',
      { phone: '2035550100', bookingRules: { ...defaultSiteConfig.bookingRules, holdDays: 31 } },
      /Hold must be at most 30 days/,
    ],
    ['a phone without 10 digits', { phone: '555-0199' }, /Phone must be a US phone number of 10 digits/],
    ['a phone in words', { phone: 'call me maybe' }, /Phone must be a US phone number/],
    ['a phone of another country', { phone: '+44 20 7946 0958' }, /Phone must be a US phone number/],
    [
      'a social link that is not http(s)',
      { social: { label: 'X', url: 'javascript:alert(1)' } },
      /Social link/,
    ],
    ['an empty business name', { businessName: '  ' }, /Business name is required/],
    ['an empty headline', { headline: '' }, /Headline is required/],
    ['no towns', { towns: [] }, /at least one town/],
    ['a bad e-mail', { email: 'not-an-address' }, /Email/],
    // A line break in a one-line field would break the headers and calendar entries it is written into.
    [
      'a business name with CR/LF',
      { businessName: 'Sparkle\r\nX-Evil: 1' },
      /Business name must be on one line/,
    ],
    ['a tagline with LF', { tagline: 'Clean\nhomes' }, /Tagline must be on one line/],
    ['a phone with LF', { phone: '860\n5550142' }, /Phone must be on one line/],
    ['an e-mail with LF', { email: 'owner@clean.example\nBcc: x@evil.example' }, /Email/],
    [
      'a town of the address with CR',
      { address: { locality: 'Bristol\rX', region: 'CT', postalCode: '06010', country: 'US' } },
      /Town must be on one line/,
    ],
    [
      'a ZIP code with a line separator',
      { address: { locality: 'Bristol', region: 'CT', postalCode: '060\u202810', country: 'US' } },
      /ZIP code must be on one line/,
    ],
    ['a field that is not the owner’s to change', { timezone: 'Europe/Paris' }, /timezone/],
    ['a field that does not exist', { phone: '8605550142', colour: 'green' }, /colour/],
  ])('answers 400 naming the field for %s, changing nothing', async (_name, body, error) => {
    await expectRefused(read, { status: 400, error }, () => save(body));
  });

  it.each(NOT_ADMIN)('refuses a save with %s', async (_name, token) => {
    await expectRefused(read, { status: 401 }, () =>
      t.injectAs(token(t))('PUT', '/api/site-config', { phone: '8605550100' }),
    );
  });
});
