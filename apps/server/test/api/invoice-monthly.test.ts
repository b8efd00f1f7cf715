import type { Invoice } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { createSchedule, records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp({ timezone: 'America/New_York' }, { clock: () => new Date('2027-04-01T12:30:00Z') });

describe('the monthly billing run', () => {
  it('bills the previous month’s done visits of each schedule once, from 08:00 on the 1st', async () => {
    const billing = (await t.asAdmin('GET', '/api/billing')).json();
    expect(
      (await t.asAdmin('PUT', '/api/billing', { ...billing, recurring_billing: 'monthly' })).statusCode,
    ).toBe(200);
    const maria = await records(t).inquiry('Maria Gonzalez');
    const id = await createSchedule(t, maria);
    // Done on 2 and 16 March; 30 March stays planned; nothing is invoiced per visit when billing monthly.
    for (const key of [`r${id}-20270302T140000Z`, `r${id}-20270316T130000Z`])
      expect((await t.asAdmin('PATCH', `/api/visits/${key}`, { status: 'done' })).statusCode).toBe(200);
    const list = async () => (await t.asAdmin('GET', `/api/invoices?inquiry_id=${maria}`)).json<Invoice[]>();
    expect(await list()).toEqual([]);

    const invoices = t.app.services.invoices;
    // 07:59 on 1 April in New York: not yet.
    expect(await invoices.billMonth(new Date('2027-04-01T11:59:00Z'))).toBe(0);
    expect(await list()).toEqual([]);
    // 08:30: one invoice for March, its two visits; a second pass (or another server) makes none.
    expect(await invoices.billMonth(new Date('2027-04-01T12:30:00Z'))).toBe(1);
    expect(await invoices.billMonth(new Date('2027-04-01T12:31:00Z'))).toBe(0);
    const [invoice, ...others] = await list();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      status: 'open',
      issued_on: '2027-04-01',
      lines: [
        { description: 'Cleaning on March 2, 2027', unit_amount: 120, visit_key: `r${id}-20270302T140000Z` },
        { description: 'Cleaning on March 16, 2027', unit_amount: 120, visit_key: `r${id}-20270316T130000Z` },
      ],
      // 240 + 15.24 tax.
      total: 255.24,
    });
    await t.asAdmin('PUT', '/api/billing', billing);
  });
});
