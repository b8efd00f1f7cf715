import { createHash } from 'node:crypto';
import type { Invoice } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerLinks } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp({ timezone: 'America/New_York' }, { clock: () => new Date('2027-03-10T15:00:00Z') });
const r = records(t);

/** A live link for the inquiry, written as the confirmation writes it (only the token's hash is kept). */
async function linkFor(inquiryId: number, token: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await t.db.insert(customerLinks).values({ inquiryId, tokenHash });
  return `/visit/${token}`;
}

async function issuedFor(inquiryId: number, amount: number) {
  const d = await t.asAdmin('POST', '/api/invoices', {
    inquiry_id: inquiryId,
    lines: [{ description: 'Standard clean', quantity: 1, unit_amount: amount }],
  });
  return (await t.asAdmin('POST', `/api/invoices/${d.json<Invoice>().id}/issue`)).json<Invoice>();
}

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.9.0.1' });

describe('the customer’s invoices under their link', () => {
  it('lists their invoices and serves each PDF; nobody else’s, and a revoked link (410) serves none', async () => {
    const ann = await r.inquiry('Ann Lee', { email: 'ann@example.com' });
    // A visit ahead keeps her link alive (a link ends 30 days after the customer's last visit).
    await r.cleaning(ann, { dateTime: new Date('2027-03-20T14:00:00Z') });
    const bob = await r.inquiry('Bob Roe', { email: 'bob@example.com' });
    const mine = await issuedFor(ann, 100);
    const theirs = await issuedFor(bob, 200);
    const link = await linkFor(ann, 'AbCdEfGhIjKlMnOpQrStUv');

    const page = await get(link);
    expect(page.statusCode, page.body.slice(0, 200)).toBe(200);
    const text = page.body.replaceAll('<!-- -->', '');
    expect(text).toContain('Your invoices');
    expect(text).toContain(`Invoice ${mine.number}`);
    expect(text).toContain('$106.35');
    expect(text).not.toContain(`Invoice ${theirs.number}`);

    const pdf = await get(`${link}/invoices/invoice-${mine.number}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`${link}/invoices/invoice-${theirs.number}.pdf`)).statusCode).toBe(404);
    expect((await get(`${link}/invoices/not-a-file`)).statusCode).toBe(404);

    // What is still due follows each invoice's own payments (one of $40 on the second, none on the first).
    const second = await issuedFor(ann, 50);
    const paid = await t.asAdmin('POST', `/api/invoices/${second.id}/payments`, {
      amount: 40,
      method: 'cash',
      received_on: '2027-03-10',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const owed = (await get(link)).body.replaceAll('<!-- -->', '');
    expect(owed).toContain('Total $106.35 · $106.35 still due');
    expect(owed).toContain('Total $53.18 · Partly paid · $13.18 still due');

    // A revoked link has ended (410, as its page): it serves no invoice either.
    await t.db.update(customerLinks).set({ revokedAt: new Date() }).where(eq(customerLinks.inquiryId, ann));
    expect((await get(`${link}/invoices/invoice-${mine.number}.pdf`)).statusCode).toBe(410);
  });
});
