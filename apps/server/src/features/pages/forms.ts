import {
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
import { ConflictError, DomainError, statusOf } from '../../lib/errors';
import { inquiriesServiceFor } from '../inquiries/service';
import { reviewsService } from '../reviews/service';
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

/** Each field's first problem, as the form shows it beside the field. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The two public create actions as plain HTML form posts (application/x-www-form-urlencoded), for a visitor whose
 * page has no script yet or at all: the booking request (POST /contact) and a review (POST /reviews). The same
 * schema, service (switch, notifications) and rate limit as their JSON routes; success redirects to the page with
 * its message (303, so a reload does not post again), a refusal renders the page again with the input kept and the
 * problems beside the fields. Only this plugin parses form bodies: every other route, the owner's above all, keeps
 * answering 415 to one.
 */
export const pageFormRoutes: FastifyPluginAsync<{ pages: PageRenderer }> = async (app, { pages }) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const inquiries = inquiriesServiceFor(app);
  const reviews = reviewsService({
    db: app.database.db,
    config: app.config,
    kickOutbox: () => app.outbox.kick(),
  });
  const limit = (groupId: string) => ({
    rateLimit: { max: app.config.rateLimits.publicWrite, timeWindow: '1 minute', groupId },
  });

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

  // A refusal before the handler (too many posts, a body too large) is the page again with the reason.
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const status = err instanceof DomainError ? statusOf(err) : (err.statusCode ?? 500);
    const form = request.url.startsWith(PAGE_FORMS.review) ? 'review' : 'booking';
    if (status < 400 || status >= 500) throw err;
    const message = err instanceof DomainError || status === 429 ? err.message : 'Please check the form.';
    return refuse(reply, form, status, { values: {}, errors: {}, message });
  });

  app.post('/contact', { config: limit('booking'), schema: { hide: true } }, async (request, reply) => {
    const values = fieldsOf(request.body);
    const checked = bookingRequestInput.safeParse(values);
    if (!checked.success) {
      const message = 'Please check the highlighted fields.';
      return refuse(reply, 'booking', 400, { values, errors: fieldErrors(checked.error), message });
    }
    try {
      await inquiries.create(null, values);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      return refuse(reply, 'booking', 409, { values, errors: {}, message: err.message });
    }
    return reply.redirect(`${PAGE_FORMS.booking}?sent=1`, 303);
  });

  app.post('/reviews', { config: limit('review'), schema: { hide: true } }, async (request, reply) => {
    const values = fieldsOf(request.body);
    const checked = reviewInput.safeParse({ ...values, rating: numberParam(values.rating) ?? values.rating });
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
  });
};
