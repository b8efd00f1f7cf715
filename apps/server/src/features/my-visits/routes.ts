import { myVisitListSchema, myVisitParams, myVisitPatch, myVisitSchema, myVisitsQuery } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/guard';
import { member } from '../../lib/member-routes';

/** A team member's own visits (`/api/my/visits`): their day and their Done. */
export const myVisitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mine = app.services.myVisits;

  app.get(
    '/api/my/visits',
    member(
      {
        querystring: myVisitsQuery,
        description:
          'The caller’s visits starting on the business dates from..to (both included, at most 92 days), by start: ' +
          'when, the customer’s first name and last initial, the address and a map link, the phone number, the ' +
          'package and extras, the access notes (from the day before the visit until it ends, else null) and the ' +
          'checklist. Nothing else of the customer, no prices.',
      },
      { 200: myVisitListSchema },
    ),
    async (request) => mine.list(currentUser(request).id, request.query),
  );

  app.patch(
    '/api/my/visits/:key',
    member(
      {
        params: myVisitParams,
        body: myVisitPatch,
        description:
          '{status:"done"} by the visit’s cleaner: 409 naming the required checklist items still open (or for a ' +
          'visit before its start, cancelled or skipped); then done, with the review request and invoice the ' +
          'owner’s Done makes (the owner still closes payment). Another’s visit or none: 404.',
      },
      { 200: myVisitSchema },
      404,
      409,
    ),
    async (request) => mine.done(currentUser(request).id, request.params.key),
  );
};
