import type { Invoice } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { billingSettings } from '../../src/features/billing/store';
import { invoicesService } from '../../src/features/invoices/service';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { withSecondServer } from '../support/second-server';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const t = useTestApp({ timezone: 'America/New_York' }, { clock: () => new Date('2027-06-01T15:00:00Z') });

describe('invoice numbers with two app servers on one PostgreSQL', () => {
  it('20 drafts issued at once through both servers get 20 consecutive numbers, no gap, no repeat', async () => {
    await withSecondServer(t, async (other) => {
      const maria = await records(t).inquiry('Maria Gonzalez');
      const drafts = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await t.asAdmin('POST', '/api/invoices', {
            inquiry_id: maria,
            lines: [{ description: 'Standard clean', quantity: 1, unit_amount: 120 }],
          });
          expect(res.statusCode, res.body).toBe(201);
          return res.json<Invoice>().id;
        }),
      );
      const servers = [t.asAdmin, other.asAdmin];
      const answers = await Promise.all(
        drafts.map((id, i) => servers[i % 2]?.('POST', `/api/invoices/${id}/issue`)),
      );
      expect(answers.map((a) => a?.statusCode)).toEqual(Array(20).fill(200));
      const numbers = answers.map((a) => a?.json<Invoice>().number ?? '').sort();
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `2027-${String(i + 1).padStart(4, '0')}`));
      // Issued twice over (both servers at once on one draft): one number, the other a 409.
      const extra = await t.asAdmin('POST', '/api/invoices', {
        inquiry_id: maria,
        lines: [{ description: 'Standard clean', quantity: 1, unit_amount: 120 }],
      });
      const id = extra.json<Invoice>().id;
      const both = await Promise.all(servers.map((s) => s('POST', `/api/invoices/${id}/issue`)));
      expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = both.find((a) => a.statusCode === 200);
      expect(winner?.json<Invoice>().number).toBe('2027-0021');
    });
  });

  it('Done & paid sent 20 times through both servers makes one invoice with one payment in full', async () => {
    await withSecondServer(t, async (other) => {
      const tom = await records(t).inquiry('Tom Reilly');
      const id = await records(t).cleaning(tom, { dateTime: new Date('2027-05-28T14:00:00Z'), amount: 100 });
      const servers = [t.asAdmin, other.asAdmin];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          servers[i % 2]?.('PATCH', `/api/visits/o${id}`, { status: 'done', paid: true }),
        ),
      );
      expect(answers.map((a) => a?.statusCode)).toEqual(Array(20).fill(200));
      const list = (await t.asAdmin('GET', `/api/invoices?inquiry_id=${tom}`)).json<Invoice[]>();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: 'paid', total: 106.35, paid: 106.35 });
      expect(list[0]?.payments).toHaveLength(1);
    });
  });
});

describe('the monthly billing run on two servers at once', () => {
  it('issues each schedule’s invoice for the month once', async () => {
    const billing = (await t.asAdmin('GET', '/api/billing')).json();
    expect(
      (await t.asAdmin('PUT', '/api/billing', { ...billing, recurring_billing: 'monthly' })).statusCode,
    ).toBe(200);
    const schedules: number[] = [];
    for (const name of ['Ann Lee', 'Bo Chen', 'Cy Diaz']) {
      const inquiry = await records(t).inquiry(name);
      const created = await t.asAdmin('POST', '/api/recurring_payments', {
        inquiry_id: inquiry,
        amount: 100,
        frequency: 'Weekly',
        first_visit_at: '2027-05-04T09:00',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      schedules.push(id);
      expect(
        (await t.asAdmin('PATCH', `/api/visits/r${id}-20270504T130000Z`, { status: 'done' })).statusCode,
      ).toBe(200);
    }
    const url = (t.database as { url?: string }).url;
    const other = await openDatabase({ databaseUrl: url });
    try {
      const here = t.app.services.invoices;
      const there = invoicesService({
        db: other.db,
        timezone: t.config.timezone,
        clock: t.app.clock,
        billingSettings,
        facts: async () => ({
          business: { name: 'Bristol Eco Clean', phone: '', email: '', region: 'CT' },
          billing: { payment_instructions: '', payment_link: null, tax_permit_number: null },
        }),
      });
      const at = new Date('2027-06-01T12:05:00Z');
      const counts = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? here : there).billMonth(at)),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
      const all = (await t.asAdmin('GET', '/api/invoices?limit=100&page=1')).json<Invoice[]>();
      const monthly = all.filter((i) => i.lines.some((l) => l.visit_key?.endsWith('-20270504T130000Z')));
      expect(monthly).toHaveLength(3);
      expect(new Set(monthly.map((i) => i.number)).size).toBe(3);
    } finally {
      await other.close();
      await t.asAdmin('PUT', '/api/billing', billing);
    }
  });
});
