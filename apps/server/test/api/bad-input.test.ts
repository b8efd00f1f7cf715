import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/harness';

/** Every route of the API with its method; {id} is filled with good and bad values below. */
const ROUTES: Array<[string, string]> = [
  ['POST', '/signin'],
  ['POST', '/forgot_password'],
  ['POST', '/reset-password'],
  ['GET', '/api/user'],
  ['GET', '/api/gallery'],
  ['POST', '/api/gallery/upload'],
  ['DELETE', '/api/gallery/{id}'],
  ['GET', '/api/packages'],
  ['POST', '/api/packages'],
  ['PUT', '/api/packages/{id}'],
  ['DELETE', '/api/packages/{id}'],
  ['GET', '/api/reviews'],
  ['POST', '/api/reviews'],
  ['PUT', '/api/reviews/{id}'],
  ['PATCH', '/api/reviews/{id}'],
  ['DELETE', '/api/reviews/{id}'],
  ['GET', '/api/reviews/pending'],
  ['PATCH', '/api/reviews/{id}/approve'],
  ['GET', '/api/contact-status'],
  ['PATCH', '/api/contact-status'],
  ['POST', '/api/inquiries'],
  ['GET', '/api/inquiries'],
  ['PATCH', '/api/inquiries/{id}'],
  ['DELETE', '/api/inquiries/{id}'],
  ['GET', '/api/one_time_cleanings'],
  ['POST', '/api/one_time_cleanings'],
  ['PATCH', '/api/one_time_cleanings/{id}'],
  ['DELETE', '/api/one_time_cleanings/{id}'],
  ['GET', '/api/recurring_payments'],
  ['POST', '/api/recurring_payments'],
  ['PATCH', '/api/recurring_payments/{id}'],
  ['DELETE', '/api/recurring_payments/{id}'],
  ['GET', '/api/recurring_paid'],
  ['POST', '/api/recurring_paid'],
  ['PATCH', '/api/recurring_paid/{id}'],
  ['DELETE', '/api/recurring_paid/{id}'],
  ['GET', '/api/cleaning_dates_summary'],
  ['GET', '/api/old_records'],
  ['GET', '/api/total_paid_cleanings_summary'],
  ['GET', '/api/recurring_payments/overdue'],
  ['GET', '/api/calendar_feed'],
  ['POST', '/api/calendar_feed/rotate'],
  ['GET', '/api/calendar/{id}'],
  ['GET', '/api/export/inquiries.csv'],
  ['GET', '/api/export/one_time_cleanings.csv'],
  ['GET', '/api/export/recurring_payments.csv'],
  ['GET', '/api/export/recurring_paid.csv'],
  ['GET', '/api/old_records.csv'],
];

const BAD_IDS = ['0', '-1', 'abc', '1.5', '99999999999', '%00', "1'--"];
const BAD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  { x: 1 },
  {
    title: 1,
    amount: 'NaN',
    image_url: 'javascript:alert(1)',
    rating: 1e308,
    inquiry_id: 'abc',
    date_time: '9999-99-99T99:99',
    dates_related: [1, {}],
    is_open: 'yes',
    status: 'Done',
    phone_number: {},
    username: ['admin'],
    new_password: 7,
  },
  {
    title: 'A\u0000',
    reviewer_name: 'N\u0000',
    comment: '\u0000',
    name: 'x\u0000',
    username: 'admin\u0000',
    notes: '\u0000',
    image_url: 'https://x.test/\u0000',
  },
];
const BAD_QUERIES = [
  '?page=0',
  '?page=-1&limit=1000',
  '?limit=abc',
  '?name=%25%25%5C',
  '?category=%00',
  '?status=Nope',
  '?from=yesterday&to=2026-13-01T00:00',
  `?search=${'x'.repeat(500)}`,
];

const t = useTestApp();

/** Bad input must get a 4xx with a sentence, never a 5xx — with and without the admin's token. */
it('answers malformed ids, bodies and queries on every route with a 4xx and an error sentence', async () => {
  const failures: string[] = [];
  for (const [method, template] of ROUTES) {
    const urls = template.includes('{id}')
      ? BAD_IDS.map((id) => template.replace('{id}', encodeURIComponent(id)))
      : [template, ...(method === 'GET' ? BAD_QUERIES.map((q) => template + q) : [])];
    for (const url of urls) {
      for (const body of method === 'GET' ? [undefined] : BAD_BODIES) {
        for (const auth of [true, false]) {
          const res = await (auth ? t.asAdmin : t.anonymous)(
            method as 'GET',
            url,
            body === undefined ? undefined : JSON.stringify(body),
            body === undefined ? {} : { headers: { 'content-type': 'application/json' } },
          );
          const where = `${method} ${url} ${JSON.stringify(body)?.slice(0, 40)} auth=${auth}`;
          if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body}`);
          else if (res.statusCode >= 400 && typeof res.json().error !== 'string')
            failures.push(`${where} → no error`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

it('refuses a NUL character inside otherwise valid input with 400 and stores nothing', async () => {
  const before = await t.asAdmin('GET', '/api/reviews/pending');
  const res = await t.anonymous('POST', '/api/reviews', {
    reviewer_name: 'Ann',
    rating: 5,
    comment: 'great\u0000clean',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'Text must not contain NUL characters.' });
  const after = await t.asAdmin('GET', '/api/reviews/pending');
  expect(after.json()).toEqual(before.json());
});

/** What a hostile client tried: each must be a 4xx with a sentence, and change nothing stored. */
describe('hostile input', () => {
  // Bodies go as JSON text, so malformed ones (a string) reach the server exactly as written.
  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    payload === undefined
      ? t.asAdmin(method, url)
      : t.asAdmin(method, url, typeof payload === 'string' ? payload : JSON.stringify(payload), {
          headers: { 'content-type': 'application/json' },
        });
  /** Every list the admin can read, in full: nothing may change when input is refused. */
  const everything = async () => {
    const lists = [
      '/api/inquiries',
      '/api/one_time_cleanings',
      '/api/recurring_payments',
      '/api/recurring_paid',
      '/api/packages',
      '/api/gallery',
      '/api/reviews/pending',
      '/api/reviews',
    ];
    return Promise.all(lists.map(async (url) => (await send('GET', url)).json()));
  };
  async function expectRefused(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
    const before = await everything();
    const res = await send(method, url, payload);
    const where = `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}`;
    expect(res.statusCode, `${where} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, where).toBeLessThan(500);
    expect(typeof res.json().error, where).toBe('string');
    expect(await everything(), where).toEqual(before);
    return res;
  }

  let inquiry: number;
  let cleaning: number;
  let schedule: number;
  let record: number;
  beforeAll(async () => {
    inquiry = (
      await send('POST', '/api/inquiries', {
        name: 'Hostile Test',
        phone_number: '8605550100',
        town: 'Bristol',
      })
    ).json().id;
    cleaning = (
      await send('POST', '/api/one_time_cleanings', {
        inquiry_id: inquiry,
        date_time: '2026-07-04T10:00',
        amount: 5,
      })
    ).json().id;
    schedule = (
      await send('POST', '/api/recurring_payments', { inquiry_id: inquiry, amount: 80, frequency: 'Monthly' })
    ).json().id;
    record = (
      await send('POST', '/api/recurring_paid', {
        recurring_payment_id: schedule,
        dates_related: '2026-07-04T10:00',
        amount_paid: 80,
      })
    ).json().id;
    expect([inquiry, cleaning, schedule, record].every((n) => typeof n === 'number')).toBe(true);
  });

  it('refuses 5,000-deep nested JSON on every route with 400, not a stack overflow', async () => {
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deepField = `{"name":${deepArray},"amount":${deepObject}}`;
    for (const [method, template] of ROUTES) {
      if (method === 'GET') continue;
      const url = template.replace('{id}', String(cleaning));
      for (const body of [deepArray, deepObject, deepField]) {
        const res = await expectRefused(method as 'POST', url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      }
    }
  }, 60_000);

  const BAD_DATES = [
    '0000-01-01T00:00Z',
    '0000-01-01T00:00',
    '0001-01-01T00:00Z',
    '0001-01-01T00:00',
    '2026-02-30T10:00Z',
    '2026-02-30T10:00',
    '2025-02-29T10:00:00+00:00',
    '2026-04-31T10:00-05:00',
    '2026-13-01T10:00Z',
    '2026-01-01T24:00Z',
    '2026-01-01T10:60Z',
    '2026-01-01T10:00:60Z',
    '2026-01-01T10:00+25:00',
    '1899-12-31T23:59',
    '3000-01-01T00:00Z',
    '9999-12-31T23:59-05:00',
  ];

  it('refuses impossible and out-of-range dates everywhere a date is taken', async () => {
    for (const date of BAD_DATES) {
      await expectRefused('POST', '/api/one_time_cleanings', {
        inquiry_id: inquiry,
        date_time: date,
        amount: 5,
      });
      await expectRefused('PATCH', `/api/one_time_cleanings/${cleaning}`, { date_time: date });
      for (const dates_related of [date, [date], `2026-07-04T10:00, ${date}`]) {
        await expectRefused('POST', '/api/recurring_paid', {
          recurring_payment_id: schedule,
          dates_related,
          amount_paid: 1,
        });
      }
      await expectRefused('PATCH', `/api/recurring_paid/${record}`, { dates_related: date });
      const q = encodeURIComponent(date);
      await expectRefused('GET', `/api/cleaning_dates_summary?from=${q}`);
      await expectRefused('GET', `/api/cleaning_dates_summary?from=2026-01-01T00:00&to=${q}`);
    }
  }, 60_000);

  it('keeps the edges of the accepted range exactly as sent', async () => {
    for (const [sent, stored] of [
      ['1900-01-01T00:00Z', '1900-01-01T00:00:00.000Z'],
      ['2999-12-31T23:59Z', '2999-12-31T23:59:00.000Z'],
      ['2028-02-29T10:00Z', '2028-02-29T10:00:00.000Z'],
    ]) {
      const res = await send('PATCH', `/api/one_time_cleanings/${cleaning}`, { date_time: sent });
      expect(res.statusCode, sent).toBe(200);
      expect(res.json().date_time).toBe(stored);
    }
  });

  it('refuses a paid record whose dates are only separators', async () => {
    for (const dates_related of [' , , ', ',', '2026-07-04T10:00, ,']) {
      await expectRefused('POST', '/api/recurring_paid', {
        recurring_payment_id: schedule,
        dates_related,
        amount_paid: 1,
      });
      await expectRefused('PATCH', `/api/recurring_paid/${record}`, { dates_related });
    }
  });

  it('refuses phone numbers that are not 10 digits, on the public form and the admin edit alike', async () => {
    for (const phone_number of [
      'abc',
      'call me',
      '555-1234',
      '5551234',
      '860555010',
      '86055501001',
      '860-555-O100',
    ]) {
      await expectRefused('POST', '/api/inquiries', { name: 'Phone Test', phone_number, town: 'Bristol' });
      await expectRefused('PATCH', `/api/inquiries/${inquiry}`, { phone_number });
    }
    const formatted = await send('PATCH', `/api/inquiries/${inquiry}`, { phone_number: '(860) 555-0199' });
    expect(formatted.json().phone_number).toBe('8605550199');
  });

  it('refuses amounts that are not plain decimals with at most 2 places', async () => {
    for (const amount of [
      '0x10',
      '1e3',
      ' 5',
      '5 ',
      'Infinity',
      '-0',
      '+5',
      '.5',
      '5.',
      '1,000',
      '5.001',
      '',
    ]) {
      await expectRefused('POST', '/api/one_time_cleanings', {
        inquiry_id: inquiry,
        date_time: '2026-07-04T10:00',
        amount,
      });
      await expectRefused('PATCH', `/api/one_time_cleanings/${cleaning}`, { amount });
      await expectRefused('POST', '/api/recurring_payments', { inquiry_id: inquiry, amount });
      await expectRefused('PATCH', `/api/recurring_paid/${record}`, { amount_paid: amount });
      await expectRefused('POST', '/api/packages', {
        title: 'Hostile',
        amount,
        image_url: 'https://x.test/a.jpg',
      });
    }
  }, 60_000);
});
