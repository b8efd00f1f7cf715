import {
  businessDate,
  formatMoney,
  INVOICE_STATUS,
  type Invoice,
  type InvoiceStatus,
  PAYMENT_METHOD,
  type PaymentMethod,
} from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { useSiteConfig } from '../../lib/site-config';
import { Button } from '../../lib/ui/Button';
import { CheckboxField, Options, SelectField } from '../../lib/ui/FormFields';
import { FormFeedback } from '../../lib/ui/FormStatus';
import { TextField } from '../../lib/ui/TextField';
import { useFeedback } from '../../lib/useFeedback';
import { invoiceListOptions, useInvoiceAction, useLastPaymentMethod } from './api';
import { Receivables } from './Receivables';
import { SalesTaxReport } from './SalesTaxReport';

const STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  void: 'Void',
};

/** Invoices (hub): the list by status, and one invoice with Issue, Paid in full, Resend, Void and its PDF. */
export function InvoicesSection() {
  const headingId = useId();
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [overdue, setOverdue] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const { data: list } = useQuery(invoiceListOptions(status, overdue));
  const open = list?.find((i) => i.id === openId);
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Invoices
      </h2>
      <Receivables />
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as InvoiceStatus | '')}
        >
          <Options
            values={[
              { value: '', label: 'All' },
              ...INVOICE_STATUS.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            ]}
          />
        </SelectField>
        <CheckboxField
          label="Overdue only"
          checked={overdue}
          onChange={(e) => setOverdue(e.currentTarget.checked)}
        />
      </div>
      {!list ? (
        <p role="status">Loading invoices…</p>
      ) : list.length === 0 ? (
        <p>No invoices here.</p>
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
          aria-label="Invoices"
        >
          {list.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <button
                type="button"
                className="text-left font-semibold text-brand-800 underline"
                onClick={() => setOpenId(invoice.id)}
              >
                {invoice.number ?? 'Draft'} · {invoice.bill_to.name}
              </button>
              <span className="text-sm tabular-nums">
                {formatMoney(invoice.total)} · due {formatMoney(invoice.amount_due)} ·{' '}
                {STATUS_LABELS[invoice.status]}
                {invoice.overdue ? ' · overdue' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && <InvoicePanel key={open.id} invoice={open} />}
      <SalesTaxReport />
    </section>
  );
}

function InvoicePanel({ invoice }: { invoice: Invoice }) {
  const { timezone } = useSiteConfig();
  const action = useInvoiceAction(invoice.id);
  const { feedback, attempt } = useFeedback();
  const [method, setMethod] = useLastPaymentMethod();
  const [reason, setReason] = useState('');
  // Ticked by default: voiding mails the customer the reason.
  const [tell, setTell] = useState(true);
  const sent = invoice.status !== 'draft' && invoice.status !== 'void';
  const owing = invoice.status === 'open' || invoice.status === 'partially_paid';
  const run = (send: () => Promise<unknown>, done: string) =>
    attempt(
      async () => {
        await send();
        return done;
      },
      (err) => errorMessage(err, 'That did not work.'),
    );
  const title = `Invoice ${invoice.number ?? '(draft)'}`;
  return (
    <article
      aria-label={title}
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-xl font-semibold">{title}</h3>
      <FormFeedback feedback={feedback} />
      <p className="text-sm">
        {invoice.bill_to.name}
        {invoice.bill_to.email ? ` · ${invoice.bill_to.email}` : ''}
        {invoice.issued_on ? ` · issued ${invoice.issued_on}, due ${invoice.due_on}` : ''}
      </p>
      <ul className="text-sm">
        {invoice.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines have no id and never reorder here
          <li key={i} className="flex justify-between gap-4">
            <span>
              {line.description} × {line.quantity}
            </span>
            <span className="tabular-nums">{formatMoney(line.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm tabular-nums">
        {invoice.tax_label} {formatMoney(invoice.tax)} · Total {formatMoney(invoice.total)} · Paid{' '}
        {formatMoney(invoice.paid)} · Due {formatMoney(invoice.amount_due)}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {invoice.status === 'draft' && (
          <Button onClick={() => run(() => action.mutateAsync({ kind: 'issue' }), 'Issued and mailed.')}>
            Issue
          </Button>
        )}
        {owing && (
          <>
            <SelectField
              label="Paid by"
              value={method}
              onChange={(e) => setMethod(e.currentTarget.value as PaymentMethod)}
            >
              <Options values={PAYMENT_METHOD} />
            </SelectField>
            <Button
              onClick={() =>
                run(
                  () =>
                    action.mutateAsync({
                      kind: 'pay',
                      amount: invoice.amount_due,
                      method,
                      received_on: businessDate(new Date(), timezone),
                    }),
                  `Paid in full by ${method}.`,
                )
              }
            >
              Paid in full
            </Button>
          </>
        )}
        {sent && invoice.bill_to.email && (
          <Button
            variant="secondary"
            onClick={() =>
              run(() => action.mutateAsync({ kind: 'resend' }), `Sent again to ${invoice.bill_to.email}.`)
            }
          >
            Resend
          </Button>
        )}
        {invoice.number && (
          <Button
            variant="secondary"
            onClick={() =>
              run(
                () => downloadFile(`/api/invoices/${invoice.id}/pdf`, {}, `invoice-${invoice.number}.pdf`),
                '',
              )
            }
          >
            PDF
          </Button>
        )}
      </div>
      {sent && (
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label="Reason to void"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <CheckboxField
            label="Tell the customer"
            checked={tell}
            onChange={(e) => setTell(e.currentTarget.checked)}
          />
          <Button
            variant="secondary"
            onClick={() =>
              run(() => action.mutateAsync({ kind: 'void', reason, notify_customer: tell }), 'Voided.')
            }
          >
            Void
          </Button>
        </div>
      )}
    </article>
  );
}
