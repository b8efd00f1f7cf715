import { writeFileSync } from 'node:fs';
import type { Invoice } from '@clean/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp({}, { clock: () => new Date('2027-03-10T15:00:00Z') });

let maria = 0;
beforeAll(async () => {
  maria = await records(t).inquiry('Maria Gonzalez', { email: 'maria@example.com', town: 'Bristol' });
  const billing = (await t.asAdmin('GET', '/api/billing')).json();
  const put = await t.asAdmin('PUT', '/api/billing', {
    ...billing,
    payment_instructions: 'Zelle to pay@bristolecoclean.example',
    payment_link: 'https://pay.example.com/bristol',
    tax_permit_number: '1234567-000',
  });
  expect(put.statusCode, put.body).toBe(200);
});

async function issue(lines: object[], discount = 0): Promise<Invoice> {
  const d = await t.asAdmin('POST', '/api/invoices', {
    inquiry_id: maria,
    lines,
    discount,
    notes: 'Thank you!',
  });
  expect(d.statusCode, d.body).toBe(201);
  const res = await t.asAdmin('POST', `/api/invoices/${d.json<Invoice>().id}/issue`);
  return res.json<Invoice>();
}

/** The PDF's pages as text, as a reader or a search would see them. */
async function pdfText(id: number, save?: string) {
  const res = await t.asAdmin('GET', `/api/invoices/${id}/pdf`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  if (save && process.env.INVOICE_PDF_DIR)
    writeFileSync(`${process.env.INVOICE_PDF_DIR}/${save}`, res.rawPayload);
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: false });
  return { res, pages: text as string[] };
}

describe('GET /api/invoices/{id}/pdf', () => {
  it('holds every field as real text, and PAID across a paid one', async () => {
    const inv = await issue(
      [
        { description: 'Deep clean', quantity: 1, unit_amount: 150 },
        { description: 'Supplies', quantity: 2, unit_amount: 12.5, taxable: false },
      ],
      17.5,
    );
    const { res, pages } = await pdfText(inv.id, 'short.pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${inv.number}.pdf"`);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    for (const field of [
      'Bristol Eco Clean',
      '(860) 555-0142',
      'hello@bristolecoclean.example',
      'Sales tax permit 1234567-000',
      `Invoice ${inv.number}`,
      'Issued March 10, 2027',
      'Due March 17, 2027',
      'Maria Gonzalez',
      'maria@example.com',
      'Bristol',
      'Date',
      // A line billing no visit is dated the day of issue.
      'Mar 10, 2027',
      'Deep clean',
      'Supplies (not taxed)',
      '$150.00',
      '$12.50',
      '$25.00',
      'Subtotal',
      '$175.00',
      'Discount',
      '-$17.50',
      'CT sales tax (6.35%)',
      '$8.57',
      'Total',
      '$166.07',
      'Amount due',
      'Zelle to pay@bristolecoclean.example',
      'Pay online: https://pay.example.com/bristol',
      'Thank you!',
    ])
      expect(text).toContain(field);
    expect(text).not.toContain('PAID');

    const paid = await t.asAdmin('POST', `/api/invoices/${inv.id}/payments`, {
      amount: 166.07,
      tip: 10,
      method: 'zelle',
      received_on: '2027-03-11',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = (await pdfText(inv.id, 'paid.pdf')).pages[0] ?? '';
    expect(after).toContain('PAID');
    expect(after).toContain('Paid March 11, 2027 by zelle');
    expect(after).toContain('-$166.07');
    expect(after).toMatch(/Amount due\s*\$0\.00/);
  });

  it("dates a visit's line by the visit (business zone), the others by the issue; a draft's lines have none", async () => {
    const late = await records(t).cleaning(maria, { dateTime: new Date('2027-03-09T03:30:00Z'), amount: 90 });
    const done = await t.asAdmin('PATCH', `/api/visits/o${late}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    const [inv] = (await t.asAdmin('GET', `/api/invoices?inquiry_id=${maria}`))
      .json<Invoice[]>()
      .filter((i) => i.lines[0]?.visit_key === `o${late}`);
    // 03:30 UTC on March 9 is the evening of March 8 in New York.
    expect(inv?.lines.map((l) => l.date)).toEqual(['2027-03-08']);
    expect((await pdfText(inv?.id ?? 0)).pages[0]).toMatch(/Mar 8, 2027\s*Cleaning on March 8, 2027/);

    const draft = await t.asAdmin('POST', '/api/invoices', {
      inquiry_id: maria,
      lines: [{ description: 'Windows', quantity: 1, unit_amount: 40 }],
    });
    expect(draft.json<Invoice>().lines.map((l) => l.date)).toEqual([null]);
  });

  it('puts 12 lines on one page and 30 lines on more, repeating the header', async () => {
    const line = (i: number) => ({ description: `Visit ${i + 1}`, quantity: 1, unit_amount: 100 });
    const twelve = await issue(Array.from({ length: 12 }, (_, i) => line(i)));
    expect((await pdfText(twelve.id)).pages).toHaveLength(1);
    const thirty = await issue(Array.from({ length: 30 }, (_, i) => line(i)));
    const { pages } = await pdfText(thirty.id, 'long.pdf');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Invoice ${thirty.number}`);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // Each page with lines labels its columns; the totals follow the last line.
    expect(pages[0]).toMatch(/Date\s*Description\s*Qty\s*Unit\s*Amount/);
    const all = pages.join('\n');
    for (let i = 1; i <= 30; i++) expect(all).toMatch(new RegExp(`Visit ${i}\\b`));
    expect(all).toContain('$3,000.00');
  });

  it('answers 404 for an invoice that does not exist and 401 without the owner', async () => {
    expect((await t.asAdmin('GET', '/api/invoices/999999/pdf')).statusCode).toBe(404);
    expect((await t.anonymous('GET', '/api/invoices/1/pdf')).statusCode).toBe(401);
  });
});
