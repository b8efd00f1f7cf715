import {
  bookingBodyFromForm,
  bookingRequestInput,
  numberParam,
  PAGE_FORMS,
  type PageForm,
  type PostedForm,
  reviewInput,
} from '@clean/shared';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { anyone } from '../../lib/access';
import { ConflictError, DomainError, statusOf } from '../../lib/errors';
import type { PageRenderer } from './render';

/** A plain form's fields: each a string (a field sent twice counts as its first value). */
function fieldsOf(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [name, value] of Object.entries(body)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

/** Every value a plain form sent for `name` (checkboxes sharing a name, such as the estimate's extras). */
function allOf(body: unknown, name: string): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const value = (body as Record<string, unknown>)[name];
  return (Array.isArray(value) ? value : [value]).filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
}

/**
 * The JSON body POST /api/inquiries takes, from the booking form's plain post (the shared bookingBodyFromForm:
 * the estimate's flat controls become `quote`), with the chosen package's name for the head of the description,
 * as the form sent it before it carried the package's id.
 */
export function bookingBody(body: unknown, packages: ReadonlyArray<{ id: number; title: string }>) {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, string | string[]>) : {};
  const input = bookingBodyFromForm(fields);
  const packageId = numberParam(fieldsOf(body).package_id);
  const title = packages.find((p) => p.id === packageId)?.title;
  if (title) input.package = title;
  return input;
}

/** What the page renders again after a refusal: the form's values, the extras as one comma-separated value. */
const postedValues = (body: unknown): Record<string, string> => ({
  ...fieldsOf(body),
  extras: allOf(body, 'extras').join(','),
});

/** Each field's first problem, as the form shows it beside the field. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/**
 * The answer to a form post past the public write limit: a few hundred bytes of plain HTML with the reason and the
 * way back, not the form page rendered again (12 ms and 43 KB, which made the refusal dearer than the JSON route's
 * and so the cheaper way to flood). Nothing posted is kept; the browser's Back button still has it.
 */
function tooManyPage(form: PageForm, message: string, site: { businessName: string; phone: string }) {
  const what = form === 'booking' ? 'booking request' : 'review';
  const call = form === 'booking' && site.phone ? ` You can also call us at ${site.phone}.` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Please wait a moment – ${escapeHtml(site.businessName)}</title>
</head>
<body>
<main>
<h1>Please wait a moment</h1>
<p>${escapeHtml(message)}</p>
<p>Your ${what} was not sent.${escapeHtml(call)} Your browser’s Back button returns to the form with what you typed.</p>
<p><a href="${PAGE_FORMS[form]}">Back to the ${form === 'booking' ? 'booking form' : 'reviews'}</a></p>
</main>
</body>
</html>
`;
}

/**
 * The two public create actions as plain HTML form posts (application/x-www-form-urlencoded), for a visitor whose
 * page has no script yet or at all: the booking request (POST /contact) and a review (POST /reviews). The same
 * schema, service (switch, notifications) and rate limit (one budget with the JSON routes) as their JSON routes;
 * success redirects to the page with its message (303, so a reload does not post again), a refusal renders the page
 * again with the input kept and the problems beside the fields (past the rate limit: a short page, tooManyPage). Only this plugin parses form bodies: every other route, the owner's above all, keeps
 * answering 415 to one.
 */
export const pageFormRoutes: FastifyPluginAsync<{ pages: PageRenderer }> = async (app, { pages }) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const { inquiries, reviews, packages } = app.services;

  async function refuse(
    reply: FastifyReply,
    form: PageForm,
    status: number,
    value: PostedForm,
    search: Record<string, string> = {},
  ) {
    const route = PAGE_FORMS[form];
    if (!pages.serverRenders(route)) return reply.status(status).send({ error: value.message });
    const page = await pages.renderPage(route, new URLSearchParams(search), { form, value });
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page.value.body);
  }

  // A refusal before the handler: too many posts, a short page (the limiter set Retry-After); a body too large or
  // unreadable, the page again with the reason.
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const status = err instanceof DomainError ? statusOf(err) : (err.statusCode ?? 500);
    const form = request.url.startsWith(PAGE_FORMS.review) ? 'review' : 'booking';
    if (status < 400 || status >= 500) throw err;
    if (status === 429) {
      return reply
        .status(429)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(tooManyPage(form, err.message, app.config.site));
    }
    const message = err instanceof DomainError ? err.message : 'Please check the form.';
    return refuse(reply, form, status, { values: {}, errors: {}, message });
  });

  app.post(
    '/contact',
    { onRequest: app.publicWriteLimit, schema: { hide: true }, config: anyone },
    async (request, reply) => {
      const values = postedValues(request.body);
      const input = bookingBody(request.body, await packages.list());
      const checked = bookingRequestInput.safeParse(input);
      if (!checked.success) {
        const message = 'Please check the highlighted fields.';
        return refuse(reply, 'booking', 400, { values, errors: fieldErrors(checked.error), message });
      }
      try {
        await inquiries.create(null, input);
      } catch (err) {
        if (!(err instanceof DomainError) || statusOf(err) >= 500) throw err;
        // The time was just taken (or the form closed): the page again, with fresh times and none chosen.
        const { requested_start: _taken, ...kept } = values;
        const shown = err instanceof ConflictError ? kept : values;
        return refuse(reply, 'booking', statusOf(err), { values: shown, errors: {}, message: err.message });
      }
      return reply.redirect(`${PAGE_FORMS.booking}?sent=1`, 303);
    },
  );

  app.post(
    '/reviews',
    { onRequest: app.publicWriteLimit, schema: { hide: true }, config: anyone },
    async (request, reply) => {
      const values = fieldsOf(request.body);
      const checked = reviewInput.safeParse({
        ...values,
        rating: numberParam(values.rating) ?? values.rating,
      });
      if (!checked.success) {
        const value = {
          values,
          errors: fieldErrors(checked.error),
          message: 'Please check the highlighted fields.',
        };
        return refuse(reply, 'review', 400, value, { write: '1' });
      }
      await reviews.create(null, checked.data);
      return reply.redirect(`${PAGE_FORMS.review}?sent=1`, 303);
    },
  );
};
