import {
  ADMIN_USERNAME,
  adminInquiryInput,
  bookingRequestInput,
  errorsFor,
  inquirySchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { enqueueMails } from '../../lib/outbox';
import { optionalUser } from '../auth/guard';
import { contactStatusStore } from '../contact-status/store';
import { acknowledgementMail, newInquiryMail, ownerAddress } from '../notifications/mails';
import { inquiriesStore } from './store';

/** Validates a body with a schema chosen at run time; the first problem as a 400 naming the field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? 'Invalid request.';
  const named = !field || message.toLowerCase().includes(field.toLowerCase().replaceAll('_', ' '));
  throw badRequest(named ? message : `${field}: ${message}`);
}

/**
 * POST /api/inquiries: the public booking request form (DESIGN §4), honouring the open/closed switch, and
 * the owner's phone leads (admin token: any time, any status, no rate limit, no notification).
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const contactStatus = contactStatusStore(db);
  const { phone, email } = app.config.site;
  const closedMessage = `We're not taking new booking requests right now. Please call or e-mail us instead. Phone: ${phone}, e-mail: ${email}.`;
  const isAdmin = (user: { username: string } | null) => user?.username === ADMIN_USERNAME;

  app.post(
    '/api/inquiries',
    {
      onRequest: optionalUser,
      schema: {
        // Validated in the handler (the schema depends on who asks, and so do the messages): only documented.
        documentedBody: z.union([bookingRequestInput, adminInquiryInput]),
        response: { 201: inquirySchema, ...errorsFor(400, 401, 409, 429) },
      },
      config: {
        rateLimit: {
          max: app.config.rateLimits.publicWrite,
          timeWindow: '1 minute',
          // optionalUser ran first (the rate-limit hook is added after the route's own).
          allowList: (request) => isAdmin(request.user),
        },
      },
    },
    async (request, reply) => {
      if (isAdmin(request.user)) {
        const b = parse(adminInquiryInput, request.body);
        const inquiry = await inquiriesStore(db).create({
          name: b.name,
          email: b.email,
          phoneNumber: b.phone_number,
          callOrText: b.call_or_text,
          town: b.town,
          description: b.description,
          status: b.status,
        });
        return reply.status(201).send(inquiry);
      }

      const b = parse(bookingRequestInput, request.body);
      if (!(await contactStatus.get()).is_open) throw conflict(closedMessage);
      const owner = await ownerAddress(db, app.config);
      // The inquiry and its mails commit together: a mail is never lost, and never sent for a lost inquiry.
      const inquiry = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const created = await inquiriesStore(txDb).create({
          name: b.name,
          email: b.email,
          phoneNumber: b.phone_number,
          callOrText: b.call_or_text,
          town: b.town,
          description: b.description,
          status: 'New Inquiry',
        });
        const ack = acknowledgementMail(created, app.config);
        await enqueueMails(txDb, [
          ...(owner ? [newInquiryMail(created, owner, app.config)] : []),
          ...(ack ? [ack] : []),
        ]);
        return created;
      });
      app.outbox.kick();
      return reply.status(201).send(inquiry);
    },
  );
};
