import { formatMoney, type Invoice } from '@clean/shared';
import type { Mail } from '../../lib/mailer';
import type { PdfContext } from './pdf';

/** "Dec 4" from a business date. */
const shortDate = (date: string | null) =>
  date
    ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
      })
    : '';

const howToPay = (ctx: PdfContext) => [
  ...(ctx.billing.payment_instructions ? ['How to pay:', ctx.billing.payment_instructions] : []),
  ...(ctx.billing.payment_link ? [`Pay online: ${ctx.billing.payment_link}`] : []),
];

export type MailKind = 'issued' | 'receipt' | 'reminder' | 'void';

/** What the mail says, after the greeting. */
function body(kind: MailKind, invoice: Invoice, ctx: PdfContext): string[] {
  const number = invoice.number ?? '';
  if (kind === 'void') return [`Invoice ${number} was voided: ${invoice.void_reason ?? ''}`];
  if (kind === 'reminder')
    return [
      `Invoice ${number} was due ${shortDate(invoice.due_on)}; ${formatMoney(invoice.amount_due)} is still open. It is attached.`,
      '',
      ...howToPay(ctx),
    ];
  if (kind === 'issued')
    return [
      `Invoice ${number} for ${formatMoney(invoice.total)} is attached; it is due ${shortDate(invoice.due_on)}.`,
      '',
      ...howToPay(ctx),
    ];
  const last = invoice.payments.at(-1);
  return [
    `Thank you: we received ${formatMoney(last?.amount ?? 0)} for invoice ${number}.`,
    invoice.amount_due > 0
      ? `Still due: ${formatMoney(invoice.amount_due)}.`
      : 'It is paid in full. The receipt is attached.',
    ...(invoice.amount_due > 0 ? ['', ...howToPay(ctx)] : []),
  ];
}

/**
 * The customer's mail about an invoice (docs/product.md#getting-paid): `issued` when it is issued (or resent),
 * `receipt` when a payment is recorded, `reminder` when it is overdue, each with its PDF; `void`, a short notice
 * without one. Null when the bill-to has no e-mail address.
 */
export function invoiceMail(
  kind: MailKind,
  invoice: Invoice,
  ctx: PdfContext,
  pdf: Buffer | null,
): Mail | null {
  if (!invoice.bill_to.email || !invoice.number) return null;
  const name = ctx.business.name;
  const subject = {
    issued: `Invoice ${invoice.number} from ${name} — ${formatMoney(invoice.total)} due ${shortDate(invoice.due_on)}`,
    receipt: `Receipt for invoice ${invoice.number} from ${name} — ${formatMoney(invoice.payments.at(-1)?.amount ?? 0)} received`,
    reminder: `Reminder: invoice ${invoice.number} from ${name} — ${formatMoney(invoice.amount_due)} was due ${shortDate(invoice.due_on)}`,
    void: `Invoice ${invoice.number} from ${name} was voided`,
  }[kind];
  return {
    to: invoice.bill_to.email,
    replyTo: ctx.business.email,
    subject,
    text: [
      `Hello ${invoice.bill_to.name},`,
      '',
      ...body(kind, invoice, ctx),
      '',
      name,
      ctx.business.phone,
    ].join('\n'),
    ...(pdf && {
      attachments: [
        {
          filename: `invoice-${invoice.number}.pdf`,
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
          encoding: 'base64' as const,
        },
      ],
    }),
  };
}
