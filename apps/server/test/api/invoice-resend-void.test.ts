import type { Invoice } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { useInvoiceCustomer } from '../support/invoice-customer';
import { expectRefused } from '../support/refusals';

const { t, r, outbox, newMails, eve } = useInvoiceCustomer();

async function draft(inquiryId = eve.id) {
  const res = await t.asAdmin('POST', '/api/invoices', {
    inquiry_id: inquiryId,
    lines: [{ description: 'Standard clean', quantity: 1, unit_amount: 100 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>().id;
}
async function issued(inquiryId = eve.id) {
  const id = await draft(inquiryId);
  const res = await t.asAdmin('POST', `/api/invoices/${id}/issue`, { notify_customer: false });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Invoice>();
}
const resend = (id: number) => t.asAdmin('POST', `/api/invoices/${id}/resend`);
const voidIt = (id: number, body: object) => t.asAdmin('POST', `/api/invoices/${id}/void`, body);
const stored = async () => ({
  mails: (await outbox()).length,
  invoices: (await t.asAdmin('GET', '/api/invoices')).json(),
});

describe('resending an invoice', () => {
  it('queues the invoice mail with its PDF again, once per call, for an open or paid invoice', async () => {
    const invoice = await issued();
    expect(await newMails()).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const res = await resend(invoice.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Invoice>()).toMatchObject({ id: invoice.id, status: 'open' });
    }
    const mails = await newMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['eve@example.com', `Invoice ${invoice.number} from Bristol Eco Clean — $106.35 due Dec 4`],
      ['eve@example.com', `Invoice ${invoice.number} from Bristol Eco Clean — $106.35 due Dec 4`],
    ]);
    expect(mails[0]?.attachments?.[0]?.filename).toBe(`invoice-${invoice.number}.pdf`);

    const pay = await t.asAdmin('POST', `/api/invoices/${invoice.id}/payments`, {
      amount: 106.35,
      method: 'cash',
      received_on: '2027-11-27',
      notify_customer: false,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect((await resend(invoice.id)).statusCode).toBe(200);
    expect(await newMails()).toHaveLength(1);
  });

  it('is a 409 for a draft, a void invoice, or a bill-to without an e-mail, and queues nothing', async () => {
    const drafted = await draft();
    const voided = await issued();
    expect((await voidIt(voided.id, { reason: 'Entered twice', notify_customer: false })).statusCode).toBe(
      200,
    );
    const noMail = await issued(await r.inquiry('Sam Nomail', { email: null }));
    await newMails();
    const [a, b, c] = await expectRefused(
      stored,
      { status: 409 },
      () => resend(drafted),
      () => resend(voided.id),
      () => resend(noMail.id),
    );
    expect(a?.json().error).toMatch(/issue it first/);
    expect(b?.json().error).toMatch(/void/);
    expect(c?.json().error).toMatch(/no e-mail address/);
    await expectRefused(stored, { status: 404 }, () => resend(999_999));
  });
});

describe('voiding an invoice', () => {
  it('mails the customer "Invoice N was voided: reason", without a PDF', async () => {
    const invoice = await issued();
    const res = await voidIt(invoice.id, { reason: 'Billed the wrong home' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Invoice>()).toMatchObject({ status: 'void', void_reason: 'Billed the wrong home' });
    const [mail, ...more] = await newMails();
    expect(more).toEqual([]);
    expect(mail?.to).toBe('eve@example.com');
    expect(mail?.subject).toBe(`Invoice ${invoice.number} from Bristol Eco Clean was voided`);
    expect(mail?.body).toContain(`Invoice ${invoice.number} was voided: Billed the wrong home`);
    expect(mail?.attachments ?? []).toEqual([]);
  });

  it('mails nothing with notify_customer: false, and refuses a bad flag changing nothing', async () => {
    const invoice = await issued();
    await expectRefused(stored, { status: 400, error: /notify_customer/ }, () =>
      voidIt(invoice.id, { reason: 'Oops', notify_customer: 'no' }),
    );
    expect((await voidIt(invoice.id, { reason: 'Oops', notify_customer: false })).statusCode).toBe(200);
    expect(await newMails()).toEqual([]);
  });
});
