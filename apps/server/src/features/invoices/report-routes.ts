import {
  businessDate,
  csvResponse,
  receivablesSchema,
  type SalesTaxReport,
  salesTaxQuery,
  salesTaxReportSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin } from '../../lib/admin-routes';
import { cents, EXPORT_TIMEOUT_MS, sendCsv } from '../../lib/csv';
import { requireAdmin } from '../../lib/guard';
import { csvStore, INVOICE_CSV_HEADER, PAYMENT_CSV_HEADER } from './csv-store';
import { reportStore } from './report-store';

/** Money owed at a glance and the accountant's sales-tax report (owner): docs/product.md#getting-paid. */
export const invoiceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = reportStore(app.database.db);
  const today = () => businessDate(app.clock(), app.config.timezone);

  const files = csvStore(app.database.db);
  const csvRoute = {
    onRequest: requireAdmin,
    handlerTimeout: EXPORT_TIMEOUT_MS,
    schema: { response: csvResponse },
  };
  app.get('/api/export/invoices.csv', csvRoute, async (_request, reply) =>
    sendCsv(reply, 'invoices.csv', INVOICE_CSV_HEADER, files.invoices(), app.config.timezone),
  );
  app.get('/api/export/invoice_payments.csv', csvRoute, async (_request, reply) =>
    sendCsv(reply, 'invoice_payments.csv', PAYMENT_CSV_HEADER, files.payments(), app.config.timezone),
  );

  app.get(
    '/api/summary/receivables',
    admin(
      { description: 'What is owed, what is overdue (aged by days past due), and this month’s tips.' },
      {
        200: receivablesSchema,
      },
    ),
    () => reports.receivables(today()),
  );

  app.get(
    '/api/reports/sales-tax',
    admin(
      {
        querystring: salesTaxQuery,
        description:
          'By month of issue, void invoices left out. `?format=csv` or `Accept: text/csv` answers the same figures as a CSV file.',
      },
      { 200: salesTaxReportSchema },
    ),
    async (request, reply) => {
      const report = await reports.salesTax(request.query.from, request.query.to);
      const csv = request.query.format === 'csv' || (request.headers.accept ?? '').includes('text/csv');
      if (!csv) return report;
      const file = `sales-tax-${request.query.from}-${request.query.to}.csv`;
      return sendCsv(reply, file, SALES_TAX_COLUMNS, salesTaxRows(report), app.config.timezone);
    },
  );
};

const SALES_TAX_COLUMNS = ['Month', 'Gross sales', 'Taxable sales', 'Non-taxable sales', 'Sales tax'];

/** The report's months and their total as CSV rows, amounts in dollars and cents. */
async function* salesTaxRows(report: SalesTaxReport) {
  for (const m of [...report.months, { month: 'Total', ...report.totals }])
    yield [m.month, cents(m.gross_sales), cents(m.taxable_sales), cents(m.non_taxable_sales), cents(m.tax)];
}
