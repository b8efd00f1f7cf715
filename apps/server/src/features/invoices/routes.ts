import {
  createInvoiceInput,
  idParams,
  invoiceListQuery,
  invoiceSchema,
  issueInvoiceInput,
  noContent,
  paymentInput,
  paymentParams,
  textBody,
  updateInvoiceInput,
  voidInvoiceInput,
} from '@clean/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admin, sendNoContent } from '../../lib/admin-routes';
import { sendList } from '../../lib/paging';

/** Invoices and payments (owner): docs/product.md#getting-paid, the routes in docs/api.md. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices } = app.services;
  const one = { 200: invoiceSchema };

  app.get(
    '/api/invoices',
    admin(
      {
        querystring: invoiceListQuery,
        description: 'Newest first; `from`/`to` are issue dates, both included.',
      },
      { 200: z.array(invoiceSchema) },
    ),
    async (request, reply) => sendList(reply, await invoices.list(request.query)),
  );

  app.get('/api/invoices/:id', admin({ params: idParams }, one, 404), (request) =>
    invoices.get(request.params.id),
  );

  app.get(
    '/api/invoices/:id/pdf',
    admin(
      { params: idParams, description: 'The invoice as a PDF with real text: invoice-YYYY-NNNN.pdf.' },
      { 200: textBody('application/pdf', 'A PDF file, sent as a download.') },
      404,
    ),
    async (request, reply) => sendPdf(reply, await invoices.pdf(request.params.id)),
  );

  app.post(
    '/api/invoices',
    admin(
      { body: createInvoiceInput, description: 'A draft: no number until it is issued.' },
      { 201: invoiceSchema },
    ),
    async (request, reply) => reply.status(201).send(await invoices.create(request.body)),
  );

  app.patch(
    '/api/invoices/:id',
    admin(
      {
        params: idParams,
        body: updateInvoiceInput,
        description: 'A draft only: an issued invoice is a 409.',
      },
      one,
      404,
      409,
    ),
    (request) => invoices.update(request.params.id, request.body),
  );

  app.delete(
    '/api/invoices/:id',
    admin(
      { params: idParams, description: 'A draft only: an issued invoice is a 409 (void it).' },
      { 204: noContent },
      404,
      409,
    ),
    (request, reply) => sendNoContent(reply, invoices.remove(request.params.id)),
  );

  app.post(
    '/api/invoices/:id/issue',
    admin(
      {
        params: idParams,
        body: issueInvoiceInput,
        description:
          'Numbers the draft (YYYY-NNNN, no gap) and freezes it; mails it unless notify_customer is false.',
      },
      one,
      404,
      409,
    ),
    (request) => invoices.issue(request.params.id, request.body.notify_customer),
  );

  app.post(
    '/api/invoices/:id/void',
    admin(
      {
        params: idParams,
        body: voidInvoiceInput,
        description:
          'The number stays; the amounts leave every total. Mails the customer "Invoice N was voided: reason" ' +
          'unless notify_customer is false.',
      },
      one,
      404,
      409,
    ),
    (request) => invoices.void(request.params.id, request.body.reason, request.body.notify_customer),
  );

  app.post(
    '/api/invoices/:id/resend',
    admin(
      {
        params: idParams,
        description:
          'Mails the issued invoice again with its PDF (one mail each call); 409 for a draft, a void invoice or ' +
          'a bill-to without an e-mail address.',
      },
      one,
      404,
      409,
    ),
    (request) => invoices.resend(request.params.id),
  );

  app.post(
    '/api/invoices/:id/payments',
    admin(
      {
        params: idParams,
        body: paymentInput,
        description: 'More than the balance is a 409: record the extra as a tip.',
      },
      { 201: invoiceSchema },
      404,
      409,
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(await invoices.addPayment(request.params.id, request.body, request.body.notify_customer)),
  );

  app.delete(
    '/api/invoices/:id/payments/:payment_id',
    admin({ params: paymentParams, description: 'A payment entered by mistake.' }, one, 404, 409),
    (request) => invoices.removePayment(request.params.id, request.params.payment_id),
  );
};

/** A PDF download (the route's schema documents it as a file, not JSON). */
function sendPdf(reply: FastifyReply, { file, body }: { file: string; body: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
