import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';

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

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signin();
});
afterAll(() => t?.close());

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
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: auth ? { authorization: `Bearer ${token}` } : {},
            ...(body === undefined
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: {
                    'content-type': 'application/json',
                    ...(auth ? { authorization: `Bearer ${token}` } : {}),
                  },
                }),
          });
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
  const before = await t.app.inject({
    method: 'GET',
    url: '/api/reviews/pending',
    headers: { authorization: `Bearer ${token}` },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: { reviewer_name: 'Ann', rating: 5, comment: 'great\u0000clean' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'Text must not contain NUL characters.' });
  const after = await t.app.inject({
    method: 'GET',
    url: '/api/reviews/pending',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.json()).toEqual(before.json());
});
