import { adminInquiryInput, bookingRequestInput, errorsFor, inquirySchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalUser } from '../../lib/guard';

/**
 * POST /api/inquiries: the public booking request form (docs/product.md#booking), honouring the open/closed switch,
 * and the owner's phone leads (admin token: any time, any status, no rate limit, no notification).
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inquiries } = app.services;

  app.post(
    '/api/inquiries',
    {
      schema: {
        response: { 201: inquirySchema, ...errorsFor(400, 401, 409, 429) },
        description:
          'A visitor’s booking request: 409 for a requested_start that GET /api/slots does not offer now (or one ' +
          'just taken), or while the form is closed; 429 when two requests from the same e-mail address or phone ' +
          'number still wait for an answer (the sentence gives the business’s phone). With the admin token: a lead.',
        // Which schema applies depends on the token, so the service validates; the document shows both.
        documentedBody: z.union([
          bookingRequestInput.meta({ description: 'A visitor’s booking request (no token).' }),
          adminInquiryInput.meta({ description: 'The owner’s phone lead (admin token): any status.' }),
        ]),
      },
      // The owner (optionalUser finds them first) is not limited; visitors share one budget with the forms.
      onRequest: [optionalUser, app.publicWriteLimit],
    },
    async (request, reply) => reply.status(201).send(await inquiries.create(request.user, request.body)),
  );
};
