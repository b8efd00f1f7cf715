import { inquiryRecord } from '@clean/shared/test-support';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { contactStatus, inquiries, reviews } from '../../src/db/schema';
import { createTestApp, type TestApp, useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

const t = useTestApp();

const status = async () => {
  const res = await t.anonymous('GET', '/api/contact-status');
  expect(res.statusCode).toBe(200);
  return res.json<{ is_open: boolean; reopens_at: string | null; message: string | null }>();
};
const OPEN = { is_open: true, reopens_at: null, message: null };
const CLOSED = { is_open: false, reopens_at: null, message: null };
const setOpen = async (is_open: boolean) => {
  const res = await t.asAdmin('PATCH', '/api/contact-status', { is_open });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(is_open ? OPEN : CLOSED);
};
const count = () => t.db.$count(inquiries);
const request = {
  name: 'Jamie Doe',
  email: 'jamie@example.com',
  phone_number: '(860) 555-0199',
  call_or_text: 'text',
  town: 'Plainville',
  description: 'Deep clean of a 2-bedroom condo before guests arrive.',
};

describe('contact status', () => {
  it('is open on a fresh database, readable by anyone, and not cached', async () => {
    expect(await t.db.$count(contactStatus)).toBe(0);
    const res = await t.anonymous('GET', '/api/contact-status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OPEN);
    expect(res.headers['cache-control']).toBe('no-store');
    // The singleton row now exists, and reading again does not add another.
    await status();
    expect(await t.db.$count(contactStatus)).toBe(1);
  });

  it('the admin switches it closed and open again', async () => {
    await setOpen(false);
    expect(await status()).toEqual(CLOSED);
    await setOpen(false);
    expect(await status()).toEqual(CLOSED);
    await setOpen(true);
    expect(await status()).toEqual(OPEN);
    expect(await t.db.$count(contactStatus)).toBe(1);
  });

  it.each(NOT_ADMIN)('refuses a change with %s (401), changing nothing', async (_name, tokenOf) => {
    await expectRefused(status, { status: 401 }, () =>
      t.injectAs(tokenOf(t))('PATCH', '/api/contact-status', { is_open: false }),
    );
    expect(await status()).toEqual(OPEN);
  });

  it.each([
    ['is_open missing', {}],
    ['is_open as text', { is_open: 'false' }],
    ['is_open as a number', { is_open: 0 }],
    ['is_open null', { is_open: null }],
  ])('refuses %s with 400 naming the field', async (_name, body) => {
    const res = await t.asAdmin('PATCH', '/api/contact-status', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/is_open/);
    expect(await status()).toEqual(OPEN);
  });
});

describe('closing until a date, with a message', () => {
  const patch = (body: object, token = t.token) => t.injectAs(token)('PATCH', '/api/contact-status', body);

  it('shows the message and the reopening time while closed; opening clears both', async () => {
    const reopens = new Date(Date.now() + 7 * 24 * 3600_000);
    const res = await patch({ is_open: false, reopens_at: reopens.toISOString(), message: 'On vacation!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      is_open: false,
      reopens_at: reopens.toISOString(),
      message: 'On vacation!',
    });
    expect(await status()).toEqual({
      is_open: false,
      reopens_at: reopens.toISOString(),
      message: 'On vacation!',
    });
    expect((await t.anonymous('POST', '/api/inquiries', request)).statusCode).toBe(409);
    await setOpen(true);
    expect(await status()).toEqual(OPEN);
  });

  it('reads a date-time without offset as business wall time', async () => {
    const year = new Date().getFullYear() + 1;
    const res = await patch({ is_open: false, reopens_at: `${year}-01-15T09:00` });
    expect(res.statusCode).toBe(200);
    // 9:00 in New York in January is 14:00 UTC.
    expect(res.json().reopens_at).toBe(`${year}-01-15T14:00:00.000Z`);
    await setOpen(true);
  });

  it('opens again by itself once reopens_at has passed, with no write, and takes booking requests', async () => {
    // The server reads the time from Date in this process: faking Date alone moves it past the reopening.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const reopens = new Date(Date.now() + 60_000);
    expect((await patch({ is_open: false, reopens_at: reopens.toISOString() })).statusCode).toBe(200);
    vi.setSystemTime(reopens.getTime() - 1);
    expect((await status()).is_open).toBe(false);
    expect((await t.anonymous('POST', '/api/inquiries', request)).statusCode).toBe(409);
    vi.setSystemTime(reopens);
    expect(await status()).toEqual(OPEN);
    expect((await t.anonymous('POST', '/api/inquiries', request)).statusCode).toBe(201);
    // Nothing rewrote the switch: the row still says closed, the reading says open.
    const [row] = await t.db.select().from(contactStatus);
    expect(row?.isOpen).toBe(false);
    await setOpen(true);
  });

  it.each([
    ['reopens_at in the past', { is_open: false, reopens_at: '2020-01-01T10:00:00Z' }, /reopens_at.*future/],
    ['reopens_at not a date', { is_open: false, reopens_at: 'next week' }, /reopens_at/],
    ['a message over 300 characters', { is_open: false, message: 'm'.repeat(301) }, /message/],
    ['a message that is not text', { is_open: false, message: 42 }, /message/],
  ])('refuses %s with 400, changing nothing', async (_name, body, error) => {
    const res = await patch(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(error);
    expect(await status()).toEqual(OPEN);
  });
});

describe('POST /api/inquiries by the owner (phone leads)', () => {
  it('creates a lead with any status while the form is closed; only the name is required', async () => {
    await setOpen(false);
    try {
      const res = await t.asAdmin('POST', '/api/inquiries', { name: 'Called In', status: 'Booked' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Called In',
        status: 'Booked',
        phone_number: null,
        town: null,
      });
    } finally {
      await setOpen(true);
    }
  });

  it.each([
    ['a blank name', { name: ' ' }, /name/i],
    ['an unknown status', { name: 'X', status: 'Lost' }, /status/i],
    ['a 9-digit phone', { name: 'X', phone_number: '860555019' }, /phone/i],
    [
      'a phone of another country',
      { name: 'X', phone_number: '+44 20 7946 0958' },
      /Phone number must be a US/,
    ],
  ])('refuses %s with 400, storing nothing', async (_name, body, error) => {
    await expectRefused(count, { status: 400, error }, () => t.asAdmin('POST', '/api/inquiries', body));
  });
});

describe('POST /api/inquiries (booking request)', () => {
  it('stores a new inquiry with status New Inquiry and answers 201 with it', async () => {
    const before = await count();
    const res = await t.anonymous('POST', '/api/inquiries', request);
    expect(res.statusCode).toBe(201);
    const inquiry = res.json();
    expect(inquiry).toEqual(
      inquiryRecord({
        id: expect.any(Number),
        name: 'Jamie Doe',
        email: 'jamie@example.com',
        phone_number: '8605550199',
        call_or_text: 'text',
        town: 'Plainville',
        description: request.description,
        submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      }),
    );
    expect(Math.abs(Date.parse(inquiry.submitted_at) - Date.now())).toBeLessThan(60_000);
    expect(await count()).toBe(before + 1);
    const rows = await t.db.select().from(inquiries);
    expect(rows.find((r) => r.id === inquiry.id)).toMatchObject({
      name: 'Jamie Doe',
      phoneNumber: '8605550199',
      status: 'New Inquiry',
    });
  });

  it('needs only a name, a town and one way to reach the customer', async () => {
    const byPhone = await t.anonymous('POST', '/api/inquiries', {
      name: 'Pat',
      phone_number: '8605550123',
      town: 'Other',
    });
    expect(byPhone.statusCode).toBe(201);
    expect(byPhone.json()).toMatchObject({
      email: null,
      call_or_text: 'call',
      town: 'Other',
      description: null,
    });
    const byEmail = await t.anonymous('POST', '/api/inquiries', {
      name: 'Sam',
      email: 'sam@example.com',
      phone_number: '',
      town: 'West Hartford',
    });
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json()).toMatchObject({ phone_number: null, email: 'sam@example.com' });
  });

  it.each(['+1 (860) 555-7788', '1-860-555-7788', '860.555.7788', '(860) 555 7788'])(
    'stores the phone %j as people type it as its 10 digits',
    async (typed) => {
      const res = await t.anonymous('POST', '/api/inquiries', { ...request, phone_number: typed });
      expect(res.statusCode).toBe(201);
      expect(res.json().phone_number).toBe('8605557788');
    },
  );

  it('ignores a client trying to choose the status', async () => {
    const res = await t.anonymous('POST', '/api/inquiries', { ...request, status: 'Booked' });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('New Inquiry');
  });

  it.each([
    ['a phone number of 9 digits', { phone_number: '860555019' }, /phone/i],
    ['a phone number of 11 digits', { phone_number: '28605550199' }, /phone/i],
    ['a phone number of another country', { phone_number: '+44 20 7946 0958' }, /Phone number must be a US/],
    ['a phone number no US line has', { phone_number: '(123) 456-7890' }, /Phone number must be a US/],
    ['a phone number with letters', { phone_number: '860-555-CALL' }, /Phone number must be a US/],
    ['a bad email', { email: 'jamie@' }, /email/i],
    ['an unknown town', { town: 'Boston' }, /town/i],
    ['no town', { town: undefined }, /town/i],
    ['neither email nor phone', { email: '', phone_number: '' }, /email or a phone/i],
    ['a blank name', { name: '  ' }, /name/i],
    ['call_or_text other than call/text', { call_or_text: 'fax' }, /call_or_text/],
    ['a description too long', { description: 'd'.repeat(2001) }, /description/i],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, change, field) => {
    const before = await count();
    const res = await t.anonymous('POST', '/api/inquiries', { ...request, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(field);
    expect(await count()).toBe(before);
  });

  it('is refused with 409 while the contact form is closed, storing nothing, and accepted once reopened', async () => {
    await setOpen(false);
    try {
      const before = await count();
      const res = await t.anonymous('POST', '/api/inquiries', request);
      expect(res.statusCode).toBe(409);
      const { error } = res.json();
      expect(error).toContain(
        "We're not taking new booking requests right now. Please call or e-mail us instead.",
      );
      expect(error).toContain(t.config.site.phone);
      expect(await count()).toBe(before);
    } finally {
      await setOpen(true);
    }
    const reopened = await t.anonymous('POST', '/api/inquiries', request);
    expect(reopened.statusCode).toBe(201);
  });
});

describe('rate limits on public writes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { auth: 1000, publicWrite: 3 } });
  });
  afterAll(() => limited?.close());

  const review = { reviewer_name: 'Flood', rating: 5, comment: 'spam' };
  it.each([
    ['booking requests', '/api/inquiries', request, inquiries],
    ['reviews', '/api/reviews', review, reviews],
  ] as const)(
    'limits %s per client with a clear 429, storing nothing more',
    async (_name, url, body, table) => {
      const ip = url === '/api/inquiries' ? '10.0.0.1' : '10.0.0.2';
      for (let i = 0; i < 3; i++) {
        expect((await limited.anonymous('POST', url, body, { remoteAddress: ip })).statusCode).toBe(201);
      }
      const stored = await limited.db.$count(table);
      const blocked = await limited.anonymous('POST', url, body, { remoteAddress: ip });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/Too many attempts\. Please wait/);
      expect(await limited.db.$count(table)).toBe(stored);
      // Another client is not affected.
      expect((await limited.anonymous('POST', url, body, { remoteAddress: '10.0.0.3' })).statusCode).toBe(
        201,
      );
    },
  );

  it('does not limit the owner entering phone leads', async () => {
    const token = await limited.signin();
    for (let i = 0; i < 6; i++) {
      const res = await limited.injectAs(token)(
        'POST',
        '/api/inquiries',
        { name: `Lead ${i}` },
        { remoteAddress: '10.0.0.9' },
      );
      expect(res.statusCode).toBe(201);
    }
    // Those did not count: the same client without the token still has its 3, then is limited.
    for (let i = 0; i < 3; i++)
      expect(
        (await limited.anonymous('POST', '/api/inquiries', request, { remoteAddress: '10.0.0.9' }))
          .statusCode,
      ).toBe(201);
    expect(
      (await limited.anonymous('POST', '/api/inquiries', request, { remoteAddress: '10.0.0.9' })).statusCode,
    ).toBe(429);
  });
});
