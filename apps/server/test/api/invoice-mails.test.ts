import type { Invoice } from '@clean/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { useInvoiceCustomer } from '../support/invoice-customer';

const { t, r, newMails, eve } = useInvoiceCustomer();
const pdfTextOf = async (base64: string) =>
  (
    await extractText(await getDocumentProxy(new Uint8Array(Buffer.from(base64, 'base64'))), {
      mergePages: true,
    })
  ).text as string;

async function draft(amount: number) {
  const res = await t.asAdmin('POST', '/api/invoices', {
    inquiry_id: eve.id,
    lines: [{ description: 'Standard clean', quantity: 1, unit_amount: amount }],
  });
  return res.json<Invoice>().id;
}

describe('the customer’s invoice mails, through the outbox', () => {
  it('issuing mails the invoice with its PDF and how to pay; a payment mails a receipt marked PAID', async () => {
    const id = await draft(136.17);
    const issued = (await t.asAdmin('POST', `/api/invoices/${id}/issue`)).json<Invoice>();
    const [mail, ...more] = await newMails();
    expect(more).toEqual([]);
    // 136.17 + 8.65 tax = 144.82, due a week after 27 November.
    expect(mail?.subject).toBe(`Invoice ${issued.number} from Bristol Eco Clean — $144.82 due Dec 4`);
    expect(mail?.to).toBe('eve@example.com');
    expect(mail?.body).toContain('How to pay:');
    const [pdf] = mail?.attachments ?? [];
    expect(pdf).toMatchObject({
      filename: `invoice-${issued.number}.pdf`,
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    expect(await pdfTextOf(pdf?.content ?? '')).toContain(`Invoice ${issued.number}`);

    const paid = await t.asAdmin('POST', `/api/invoices/${id}/payments`, {
      amount: 144.82,
      method: 'check',
      received_on: '2027-11-28',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [receipt, ...others] = await newMails();
    expect(others).toEqual([]);
    expect(receipt?.subject).toBe(
      `Receipt for invoice ${issued.number} from Bristol Eco Clean — $144.82 received`,
    );
    expect(receipt?.body).toContain('paid in full');
    expect(await pdfTextOf(receipt?.attachments?.[0]?.content ?? '')).toContain('PAID');
  });

  it('sends nothing when the owner says notify_customer: false', async () => {
    const id = await draft(50);
    const res = await t.asAdmin('POST', `/api/invoices/${id}/issue`, { notify_customer: false });
    expect(res.statusCode, res.body).toBe(200);
    const pay = await t.asAdmin('POST', `/api/invoices/${id}/payments`, {
      amount: 10,
      method: 'cash',
      received_on: '2027-11-28',
      notify_customer: false,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(await newMails()).toEqual([]);
  });

  it('Done & paid mails only the receipt', async () => {
    const id = await r.cleaning(eve.id, { dateTime: new Date('2027-11-26T15:00:00Z'), amount: 100 });
    expect((await t.asAdmin('PATCH', `/api/visits/o${id}`, { status: 'done', paid: true })).statusCode).toBe(
      200,
    );
    const mails = (await newMails()).filter((m) => m.to === 'eve@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Receipt for invoice 2027-\d{4} .* \$106\.35 received$/),
    ]);
  });

  it('reminds on each reminder day after the due date, once each, until paid', async () => {
    const id = await draft(100);
    const issued = (await t.asAdmin('POST', `/api/invoices/${id}/issue`)).json<Invoice>();
    expect(issued.due_on).toBe('2027-12-04');
    await newMails();
    const service = t.app.services.invoices;
    const at = (date: string) => new Date(`${date}T15:00:00Z`);
    const reminders = async () =>
      (await newMails()).filter((m) => m.subject.startsWith(`Reminder: invoice ${issued.number} `));
    // Day 2 after: nothing yet; day 3 (the first reminder day), twice over: one mail.
    await service.remind(at('2027-12-06'));
    expect(await reminders()).toEqual([]);
    await Promise.all([service.remind(at('2027-12-07')), service.remind(at('2027-12-07'))]);
    const [first, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(first?.subject).toBe(
      `Reminder: invoice ${issued.number} from Bristol Eco Clean — $106.35 was due Dec 4`,
    );
    expect(first?.attachments?.[0]?.filename).toBe(`invoice-${issued.number}.pdf`);
    await service.remind(at('2027-12-08'));
    expect(await reminders()).toEqual([]);
    // Day 10: the second; once paid, no more.
    await service.remind(at('2027-12-14'));
    expect(await reminders()).toHaveLength(1);
    const pay = await t.asAdmin('POST', `/api/invoices/${id}/payments`, {
      amount: 106.35,
      method: 'cash',
      received_on: '2027-12-20',
      notify_customer: false,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const billing = (await t.asAdmin('GET', '/api/billing')).json();
    await t.asAdmin('PUT', '/api/billing', { ...billing, overdue_reminder_days: [3, 10, 30] });
    await service.remind(at('2028-01-05'));
    expect(await reminders()).toEqual([]);
    await t.asAdmin('PUT', '/api/billing', billing);
  });
});
