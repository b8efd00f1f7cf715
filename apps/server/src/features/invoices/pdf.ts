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
  { label: 'Date', x: MARGIN, width: 70, align: 'left' },
  { label: 'Description', x: 125, width: 195, align: 'left' },
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

/** "Mar 9, 2027": a line's date, short enough for its column. */
const shortDate = (date: string | null) =>
  date
    ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      })
    : '';

const quantity = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(2));

/** One row of cells, each in its column (`columns`: the table's, or the totals' label and amount). */
function row(doc: Doc, cells: readonly string[], bold = false, columns: readonly Column[] = COLUMNS) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  let bottom = y;
  columns.forEach((c, i) => {
    doc.text(cells[i] ?? '', c.x, y, { width: c.width, align: c.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 4;
  doc.x = MARGIN;
}

/**
 * The header every page repeats: who, which invoice; the bill-to on the first page, the column labels on pages that
 * have lines.
 */
function header(doc: Doc, invoice: Invoice, ctx: PdfContext, first: boolean, columns = true) {
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
  if (!columns) return;
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

type Column = { x: number; width: number; align: 'left' | 'right' };
/** A total's label runs under the date, description, quantity and unit; its amount under Amount. */
const TOTAL_COLUMNS: readonly Column[] = [
  { x: MARGIN, width: 405, align: 'left' },
  { x: 460, width: 85, align: 'right' },
];

function totalLine(doc: Doc, label: string, amount: string, bold = false) {
  row(doc, [label, amount], bold, TOTAL_COLUMNS);
}

const ROW_HEIGHT = 16;

/** How tall the totals, how to pay and the notes will be: they stay together, on a page of their own if need be. */
function totalsHeight(doc: Doc, invoice: Invoice, ctx: PdfContext): number {
  const rows =
    4 +
    (invoice.discount > 0 ? 1 : 0) +
    invoice.payments.reduce((n, p) => n + (p.tip > 0 ? 2 : 1), 0) +
    (invoice.status === 'void' ? 1 : 0);
  doc.font('Helvetica').fontSize(10);
  const text = [
    ctx.billing.payment_instructions ? `How to pay\n${ctx.billing.payment_instructions}` : '',
    ctx.billing.payment_link ? `Pay online: ${ctx.billing.payment_link}` : '',
    invoice.notes ?? '',
  ].filter(Boolean);
  const textHeight = text.reduce((h, t) => h + doc.heightOfString(t, { width: 495 }) + 6, 0);
  return rows * ROW_HEIGHT + 2 * ROW_HEIGHT + textHeight;
}

/** "Page 1 of 2" under the bottom margin (which is lifted for it, or pdfkit would start another page). */
function pageNumber(doc: Doc, page: number, pages: number) {
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Page ${page} of ${pages}`, MARGIN, doc.page.height - MARGIN + 10, {
      width: 495,
      align: 'center',
      lineBreak: false,
    });
  doc.page.margins.bottom = margin;
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
      shortDate(line.date),
      line.taxable ? line.description : `${line.description} (not taxed)`,
      quantity(line.quantity),
      formatMoney(line.unit_amount),
      formatMoney(line.amount),
    ]);
  }
  if (doc.y + totalsHeight(doc, invoice, ctx) > bottom) {
    doc.addPage();
    header(doc, invoice, ctx, false, false);
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
    if (range.count > 1) pageNumber(doc, i - range.start + 1, range.count);
  }
  doc.end();
  return done;
}
