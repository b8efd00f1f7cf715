import { bookingRequestInput } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/errors';
import { contactStatusStore } from '../contact-status/store';
import { inquiriesStore } from './store';

/** POST /api/inquiries: the public booking request form (DESIGN §4), honouring the open/closed switch. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const inquiries = inquiriesStore(app.database.db);
  const contactStatus = contactStatusStore(app.database.db);
  const { phone, email } = app.config.site;
  const closedMessage = `We're not taking new booking requests right now. Please call or e-mail us instead. Phone: ${phone}, e-mail: ${email}.`;

  app.post(
    '/api/inquiries',
    {
      schema: { body: bookingRequestInput },
      config: { rateLimit: { max: app.config.rateLimits.publicWrite, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!(await contactStatus.get()).is_open) throw conflict(closedMessage);
      const b = request.body;
      const inquiry = await inquiries.create({
        name: b.name,
        email: b.email,
        phoneNumber: b.phone_number,
        callOrText: b.call_or_text,
        town: b.town,
        description: b.description,
        status: 'New Inquiry',
      });
      return reply.status(201).send(inquiry);
    },
  );
};
