import { DEFAULT_BILLING } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ownerSettings } from '../../src/db/schema';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

const t = useTestApp();

const stored = async () =>
  (await t.db.select().from(ownerSettings).where(eq(ownerSettings.key, 'billing')))[0]?.value ?? null;

const settings = {
  tax_rate_percent: 6.35,
  tax_label: 'CT sales tax',
  prices_include_tax: false,
  terms_days: 14,
  payment_instructions: 'Zelle to pay@example.com',
  payment_link: 'https://pay.example.com/bristol',
  recurring_billing: 'monthly',
  overdue_reminder_days: [3, 10, 30],
  tax_permit_number: '1234567-000',
};

describe('GET and PUT /api/billing', () => {
  it('answers the defaults before the owner saves any', async () => {
    const res = await t.asAdmin('GET', '/api/billing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_BILLING);
    expect(res.json()).toMatchObject({ tax_rate_percent: 6.35, tax_label: 'CT sales tax', terms_days: 7 });
  });

  it.each(NOT_ADMIN)('refuses %s, reading or writing', async (_name, token) => {
    expect((await t.injectAs(token(t))('GET', '/api/billing')).statusCode).toBe(401);
    await expectRefused(stored, { status: 401 }, () => t.injectAs(token(t))('PUT', '/api/billing', settings));
  });

  it('stores the whole document and answers it', async () => {
    const put = await t.asAdmin('PUT', '/api/billing', settings);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(settings);
    expect((await t.asAdmin('GET', '/api/billing')).json()).toEqual(settings);
    expect(await stored()).toEqual(settings);
  });

  it.each([
    ['a rate over 20', { tax_rate_percent: 20.001 }, /tax_rate_percent/],
    ['a negative rate', { tax_rate_percent: -1 }, /tax_rate_percent/],
    ['a rate with 4 decimals', { tax_rate_percent: 6.3501 }, /tax_rate_percent.*3 decimals/],
    ['terms over 90 days', { terms_days: 91 }, /terms_days/],
    ['terms in half days', { terms_days: 1.5 }, /terms_days/],
    ['four reminder days', { overdue_reminder_days: [1, 2, 3, 4] }, /overdue_reminder_days/],
    ['a reminder day of 0', { overdue_reminder_days: [0] }, /overdue_reminder_days/],
    ['a reminder day over 90', { overdue_reminder_days: [91] }, /overdue_reminder_days/],
    ['an http: link', { payment_link: 'http://pay.example.com' }, /payment_link/],
    ['a javascript: link', { payment_link: 'javascript:alert(1)' }, /payment_link/],
    ['an unknown recurring billing', { recurring_billing: 'yearly' }, /recurring_billing/],
    ['an empty tax label', { tax_label: '  ' }, /tax_label/],
    ['prices_include_tax as text', { prices_include_tax: 'yes' }, /prices_include_tax/],
    ['a field it does not know', { surcharge: 5 }, /surcharge|Unrecognized/i],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_name, change, error) => {
    await t.asAdmin('PUT', '/api/billing', settings);
    await expectRefused(stored, { status: 400, error }, () =>
      t.asAdmin('PUT', '/api/billing', { ...settings, ...change }),
    );
  });

  it('refuses a document missing a field, changing nothing', async () => {
    const { terms_days: _, ...partial } = settings;
    await expectRefused(stored, { status: 400, error: /terms_days/ }, () =>
      t.asAdmin('PUT', '/api/billing', partial),
    );
  });

  it('takes no link and no permit number as null, and 3 decimals of rate', async () => {
    const res = await t.asAdmin('PUT', '/api/billing', {
      ...settings,
      tax_rate_percent: 6.375,
      payment_link: null,
      tax_permit_number: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      tax_rate_percent: 6.375,
      payment_link: null,
      tax_permit_number: null,
    });
  });
});
