import { beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCleanings, packages, recurringPayments } from '../../src/db/schema';
import { addPackage, records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';

// An id is a positive whole number in decimal digits (a JSON number in a body); nothing is coerced into one,
// since a coerced id is some other record's (`DELETE /api/packages/0x10` once deleted package 16).
const t = useTestApp();
const rec = records(t);

let inquiryId: number;
let packageId: number;
beforeAll(async () => {
  await rec.clearAll();
  inquiryId = await rec.inquiry('Maria Gonzalez');
  packageId = (await addPackage(t, 'Deep Clean')).json<{ id: number }>().id;
});

/** Ways of writing the package's id that Number() would read as it, and a few that are nobody's id. */
const pathIds = (id: number) => [
  `0x${id.toString(16)}`,
  `+${id}`,
  `%20${id}`,
  `${id}%20`,
  `${id}e0`,
  `0${id}`,
  `${id}.0`,
  `0b${id.toString(2)}`,
  '0',
  '-1',
  '99999999999',
];

describe('ids in a path', () => {
  it('refuses every other way of writing an id with a 400 naming it, and changes nothing', async () => {
    const pkg = { title: 'Changed', amount: 1, image_url: '/demo/pkg-deep.svg', description: '' };
    for (const raw of pathIds(packageId)) {
      await expectRefused(
        () => t.db.select().from(packages),
        { status: 400, error: /^id must be a positive whole number/ },
        () => t.asAdmin('DELETE', `/api/packages/${raw}`),
        () => t.asAdmin('PUT', `/api/packages/${raw}`, pkg),
      );
    }
  });

  it('still takes a plain decimal id', async () => {
    const res = await t.asAdmin('DELETE', `/api/packages/${packageId}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('ids in a body', () => {
  const bodyIds = (id: number): unknown[] => [
    true,
    String(id),
    ` ${id} `,
    `0x${id.toString(16)}`,
    `${id}e0`,
    [id],
    id + 0.5,
    0,
    -1,
    null,
    { id },
  ];

  it('refuses every id that is not a JSON number with a 400 naming the field, and stores nothing', async () => {
    for (const id of bodyIds(inquiryId)) {
      await expectRefused(
        () => t.db.$count(oneTimeCleanings),
        { status: 400, error: /inquiry_id/ },
        () => t.asAdmin('POST', '/api/one_time_cleanings', { inquiry_id: id, amount: 100 }),
      );
      await expectRefused(
        () => t.db.$count(recurringPayments),
        { status: 400, error: /inquiry_id/ },
        () => t.asAdmin('POST', '/api/recurring_payments', { inquiry_id: id, amount: 100 }),
      );
    }
  });

  it('still takes a JSON number', async () => {
    const res = await t.asAdmin('POST', '/api/one_time_cleanings', {
      inquiry_id: inquiryId,
      amount: 100,
      date_time: '2026-05-01T10:00',
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
