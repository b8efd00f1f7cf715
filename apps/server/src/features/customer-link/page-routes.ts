import {
  CUSTOMER_LINK_ACTIONS,
  type CustomerLinkAction,
  customerChangeForm,
  customerLinkQuery,
  customerRescheduleForm,
  visitAnchor,
} from '@clean/shared';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { byLink } from '../../lib/access';
import { DomainError, NotFoundError, statusOf, ValidationError } from '../../lib/errors';
import { refuseCrossSite } from '../../lib/same-origin';
import type { PageRenderer } from '../pages/render';
import { LINK_PATH } from './path';
import { type CustomerLinkService, LINK_NOT_FOUND, TOO_MANY_MISSES } from './service';

// The router refuses parameters over 100 characters; any other token is looked up (a miss when no link's).
const tokenParams = z.object({ token: z.string() });
const invoiceFileParams = z.object({ token: z.string(), file: z.string() });
const changeParams = tokenParams.extend({
  key: z.string().max(60),
  action: z.enum(CUSTOMER_LINK_ACTIONS),
});

const TOO_MANY_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Please wait a moment</title></head>
<body><main><h1>Please wait a moment</h1><p>${TOO_MANY_MISSES}</p><p><a href="/">Back to Home</a></p></main></body>
</html>
`;

/** The problem pages: an unknown link, one that has ended, anything else refused before the page. */
const problemFor = (status: number, message: string) =>
  status === 404
    ? { title: 'This link does not work', text: `${message} Please call us, and we will send you a new one.` }
    : status === 410
      ? { title: 'This link has ended', text: message }
      : { title: 'That did not work', text: message };

/** The change a form post asks for; a reschedule's time from its body (400: none picked). */
function change(
  links: CustomerLinkService,
  inquiryId: number,
  key: string,
  action: CustomerLinkAction,
  body: unknown,
) {
  const version = customerChangeForm.safeParse(body).data?.version;
  if (action === 'cancel') return links.cancel(inquiryId, key, version);
  if (action === 'skip') return links.skip(inquiryId, key, version);
  if (action === 'undo') return links.undo(inquiryId, key, version);
  const form = customerRescheduleForm.safeParse(body);
  // The schema's sentence: no time picked, or one in a year that does not exist (naming the field).
  if (!form.success)
    throw new ValidationError(form.error.issues[0]?.message ?? 'Please pick one of the open times.');
  return links.reschedule(inquiryId, key, form.data.start, version);
}

/**
 * A customer's personal link (docs/product.md#the-customers-link): GET /visit/{token} renders their page, POST /visit/{token}/visits/{key}/
 * {cancel|skip|reschedule|undo} is a plain HTML form post, answered with a redirect back to the page and its notice (303,
 * so a reload does not post again), or a refusal (409 past the cutoff or a time just taken, 400 no time picked,
 * 403 a post from another site's page, 412 the visit changed since the page showing the form was opened)
 * with the page again and the reason. Every answer is `no-store`, `noindex` and sends no Referer to another site; a link that
 * has ended (revoked, its inquiry deleted, or long past the last visit) is a 410 page with the phone; an unknown one
 * a 404 page, counted as a miss (429 after LINK_MISSES). Not in the OpenAPI document: pages, not API.
 */
export const customerLinkPageRoutes: FastifyPluginAsync<{ pages: PageRenderer }> = async (app, { pages }) => {
  await app.register(formbody, { bodyLimit: 1024 });
  const { customerLink: links, invoices } = app.services;

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    // No Referer (which holds the token) to any other site; our own form posts keep their Origin, which the
    // cross-site check reads (under no-referrer a browser sends `Origin: null`, like a post from a sandbox).
    reply.header('referrer-policy', 'same-origin');
    return payload;
  });

  const page = async (
    reply: FastifyReply,
    status: number,
    content: Parameters<PageRenderer['renderCustomerLink']>[0],
  ) => {
    if (!pages.built)
      return reply
        .status(status === 200 ? 503 : status)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`.');
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(await pages.renderCustomerLink(content));
  };

  app.setErrorHandler(async (err: FastifyError, _request, reply) => {
    const status = err instanceof DomainError ? statusOf(err) : (err.statusCode ?? 500);
    if (status >= 500) throw err;
    // A client guessing links: a few hundred bytes, not a rendered page (10 ms each), so refusing costs little.
    if (status === 429)
      return reply
        .status(429)
        .type('text/html; charset=utf-8')
        .header('retry-after', '600')
        .send(TOO_MANY_PAGE);
    const message =
      err instanceof DomainError ? err.message : status === 404 ? LINK_NOT_FOUND : 'Please try again.';
    return page(reply, status, { problem: problemFor(status, message) });
  });

  app.get(`${LINK_PATH}/:token`, { schema: { hide: true }, config: byLink }, async (request, reply) => {
    const { token } = tokenParams.parse(request.params);
    const inquiryId = await links.open(token, request.ip);
    const query = customerLinkQuery.safeParse(request.query).data ?? {};
    return page(reply, 200, { view: await links.view(inquiryId, token, query) });
  });

  // The customer's own invoices only: the number must be one of this link's inquiry (an expired link opens none).
  app.get(
    `${LINK_PATH}/:token/invoices/:file`,
    { schema: { hide: true }, config: byLink },
    async (request, reply) => {
      const { token, file } = invoiceFileParams.parse(request.params);
      const inquiryId = await links.open(token, request.ip);
      const { body } = await invoices.customerPdf(inquiryId, invoiceNumberOf(file));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file}"`)
        .send(body);
    },
  );

  app.post(
    `${LINK_PATH}/:token/visits/:key/:action`,
    { schema: { hide: true }, config: byLink },
    (request, reply) => answerChange(request, reply),
  );

  /** A change's form post: asks first (skip, cancel), or makes it and goes back to the page, or says why not. */
  async function answerChange(request: FastifyRequest, reply: FastifyReply) {
    refuseCrossSite(request, app.config.publicUrl);
    const { token, key, action } = changeOf(request.params);
    const inquiryId = await links.open(token, request.ip);
    // Skip and cancel ask first: a post without confirm=1 changes nothing and shows the question with its Yes.
    const form = customerChangeForm.safeParse(request.body).data;
    if ((action === 'skip' || action === 'cancel') && form?.confirm !== '1')
      return askFirst(reply, inquiryId, token, key, action, form);
    const refused = await change(links, inquiryId, key, action, request.body).then(() => null, refusal);
    // Back to the visit's card, not the page's top: where the keyboard and the reader were (its status, its Undo).
    if (!refused) return reply.redirect(`${LINK_PATH}/${token}?done=${action}#${visitAnchor(key)}`, 303);
    return refusedPage(reply, inquiryId, token, refused);
  }

  /** The page again, with why the change was refused. */
  async function refusedPage(
    reply: FastifyReply,
    inquiryId: number,
    token: string,
    refused: { status: number; message: string },
  ) {
    return page(reply, refused.status, {
      view: await links.view(inquiryId, token, { refused: refused.message }),
    });
  }

  /** The first step of a skip or cancel: the question with its Yes, or why it cannot be done at all. */
  async function askFirst(
    reply: FastifyReply,
    inquiryId: number,
    token: string,
    key: string,
    action: 'cancel' | 'skip',
    form: { version?: string } | undefined,
  ) {
    const refused = await links.askFirst(inquiryId, key, action, form?.version).then(() => null, refusal);
    const view = await links.view(
      inquiryId,
      token,
      refused ? { refused: refused.message } : { confirm: { key, action } },
    );
    return page(reply, refused?.status ?? 200, { view });
  }
};

/** The change a post's address names; 404 for an action there is none of. */
function changeOf(params: unknown) {
  const parsed = changeParams.safeParse(params);
  if (!parsed.success) throw new NotFoundError('There is no such change.');
  return parsed.data;
}

/**
 * A change refused for a reason the page shows (400, 409, 412: the visit changed since the page showed it, which
 * shows it as it is now); anything else (404: not this customer's) goes on.
 */
function refusal(err: unknown): { status: number; message: string } {
  if (err instanceof DomainError && [400, 409, 412].includes(statusOf(err)))
    return { status: statusOf(err), message: err.message };
  throw err;
}

/** The invoice number a PDF's file name carries (`invoice-2027-0001.pdf`); 404 for any other name. */
function invoiceNumberOf(file: string): string {
  const number = /^invoice-(\d{4}-\d{4,})\.pdf$/.exec(file)?.[1];
  if (!number) throw new NotFoundError('There is no such invoice.');
  return number;
}
