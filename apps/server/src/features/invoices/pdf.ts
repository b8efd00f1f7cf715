import type { BillingSettings, Invoice } from '@clean/shared';
import { formatMoney } from '@clean/shared';

/** What the PDF shows besides the invoice: who sends it and how to pay. */
export type PdfContext = {
  business: { name: string; phone: string; email: string; region: string };
  billing: Pick<BillingSettings, 'payment_instructions' | 'payment_link' | 'tax_permit_number'>;
};

type Doc = PDFKit.PDFDocument;

// pdfkit and its font metrics load on the first PDF, not at start-up (most servers never draw one).
const load = () => import('pdfkit');
let loading: ReturnType<typeof load> | undefined;
const pdfkit = () => {
  loading ??= load();
  return loading;
};

const MARGIN = 50;
const COLUMNS = [
  { label: 'Description', x: MARGIN, width: 270, align: 'left' },
  { label: 'Qty', x: 325, width: 50, align: 'right' },
  { label: 'Unit', x: 380, width: 75, align: 'right' },
  { label: 'Amount', x: 460, width: 85, align: 'right' },
] as const;

/** "March 10, 2027" from a business date. */
const longDate = (date: string | null) =>
  date
    ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      })
    : '—';

const quantity = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

function row(doc: Doc, cells: readonly string[], bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  let bottom = y;
  COLUMNS.forEach((c, i) => {
    doc.text(cells[i] ?? '', c.x, y, { width: c.width, align: c.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 4;
  doc.x = MARGIN;
}

/** The header every page repeats: who, which invoice, the columns. */
function header(doc: Doc, invoice: Invoice, ctx: PdfContext, first: boolean) {
  doc.y = MARGIN;
  doc.font('Helvetica-Bold').fontSize(18).text(ctx.business.name, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).text(`${ctx.business.phone} · ${ctx.business.email}`);
  if (ctx.billing.tax_permit_number) doc.text(`Sales tax permit ${ctx.billing.tax_permit_number}`);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Invoice ${invoice.number ?? '(draft)'}`, 350, MARGIN, {
      width: 195,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Issued ${longDate(invoice.issued_on)}`, 350, doc.y, { width: 195, align: 'right' });
  doc.text(`Due ${longDate(invoice.due_on)}`, 350, doc.y, { width: 195, align: 'right' });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, MARGIN + 60) + 10;
  if (first) {
    doc.font('Helvetica-Bold').text('Bill to', MARGIN, doc.y);
    doc.font('Helvetica').text(invoice.bill_to.name);
    if (invoice.bill_to.email) doc.text(invoice.bill_to.email);
    if (invoice.bill_to.address) doc.text(invoice.bill_to.address);
    doc.moveDown();
  }
  row(
    doc,
    COLUMNS.map((c) => c.label),
    true,
  );
  doc
    .moveTo(MARGIN, doc.y - 1)
    .lineTo(545, doc.y - 1)
    .stroke();
  doc.y += 4;
}

function totalLine(doc: Doc, label: string, amount: string, bold = false) {
  row(doc, [label, '', '', amount], bold);
}

/**
 * The invoice as a PDF (docs/product.md#getting-paid): real text, so it can be searched and read aloud. Up to 12
 * lines fit the first page; longer invoices continue on pages that repeat the header.
 */
export async function invoicePdf(invoice: Invoice, ctx: PdfContext): Promise<Buffer> {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: 'LETTER',
    bufferPages: true,
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number ?? 'draft'}`, Author: ctx.business.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = doc.page.height - MARGIN - 20;
  const paid = () => {
    if (invoice.status !== 'paid') return;
    // PAID across the page, drawn under nothing: the text stays readable.
    doc.save().rotate(-30, { origin: [306, 396] });
    doc
      .font('Helvetica-Bold')
      .fontSize(120)
      .fillColor('#16a34a', 0.18)
      .text('PAID', 150, 340, { lineBreak: false });
    doc.restore().fillColor('black', 1);
  };

  header(doc, invoice, ctx, true);
  for (const line of invoice.lines) {
    if (doc.y > bottom - 20) {
      doc.addPage();
      header(doc, invoice, ctx, false);
    }
    row(doc, [
      line.taxable ? line.description : `${line.description} (not taxed)`,
      quantity(line.quantity),
      formatMoney(line.unit_amount),
      formatMoney(line.amount),
    ]);
  }
  if (doc.y > bottom - 200) {
    doc.addPage();
    header(doc, invoice, ctx, false);
  }
  doc.moveDown(0.5);
  totalLine(doc, 'Subtotal', formatMoney(invoice.subtotal));
  if (invoice.discount > 0) totalLine(doc, 'Discount', `-${formatMoney(invoice.discount)}`);
  totalLine(doc, `${invoice.tax_label} (${invoice.tax_rate_percent}%)`, formatMoney(invoice.tax));
  totalLine(doc, 'Total', formatMoney(invoice.total), true);
  for (const p of invoice.payments) {
    totalLine(doc, `Paid ${longDate(p.received_on)} by ${p.method}`, `-${formatMoney(p.amount)}`);
    if (p.tip > 0) totalLine(doc, `Tip, with thanks (not part of the total)`, formatMoney(p.tip));
  }
  totalLine(doc, 'Amount due', formatMoney(invoice.amount_due), true);
  if (invoice.status === 'void') totalLine(doc, `VOID: ${invoice.void_reason ?? ''}`, '', true);
  doc.moveDown();
  if (ctx.billing.payment_instructions) {
    doc.font('Helvetica-Bold').fontSize(10).text('How to pay', MARGIN, doc.y);
    doc.font('Helvetica').text(ctx.billing.payment_instructions, { width: 495 });
  }
  if (ctx.billing.payment_link) doc.text(`Pay online: ${ctx.billing.payment_link}`, { width: 495 });
  if (invoice.notes) {
    doc.moveDown(0.5);
    doc.font('Helvetica-Oblique').text(invoice.notes, { width: 495 });
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    paid();
  }
  doc.end();
  return done;
}
