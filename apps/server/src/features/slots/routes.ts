import { errorsFor, slotListSchema, slotsQuery } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyone } from '../../lib/access';

/** GET /api/slots (public): the open start times a booking request may ask for. */
export const slotsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { slots } = app.services;

  app.get(
    '/api/slots',
    {
      config: anyone,
      schema: {
        querystring: slotsQuery,
        description:
          'Open start times (ISO 8601 with the business time zone’s offset) of the 21 business days from `from`, ' +
          'for a visit of duration_minutes: on a 30-minute grid within the working hours, at least the notice ' +
          '(bookingRules.noticeHours) ahead, not overlapping visits or held requests plus the travel buffer ' +
          '(bookingRules.travelBufferMinutes) beyond max_overlap; with a recurring frequency, free on each of its ' +
          'next 12 visits; none from BOOKING_HORIZON_DAYS (365) days after today. 409 with the booking form’s closed ' +
          'message while the switch is closed; 400 for a `from` outside the years 1900-2999.',
        response: { 200: slotListSchema, ...errorsFor(400, 409) },
      },
    },
    async (request) => slots.list(request.query),
  );
};
