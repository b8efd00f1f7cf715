import {
  ifMatchHeaders,
  visitConflictListSchema,
  visitConflictsQuery,
  visitListSchema,
  visitPatch,
  visitSchema,
  visitsQuery,
  workingHoursSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admin } from '../../lib/admin-routes';
import { expectedVersion } from '../../lib/if-match';

/** The business days (YYYY-MM-DD, comma-separated) with more one-time cleanings than listed. */
export const TRUNCATED_DAYS_HEADER = 'x-truncated-days';

const keyParams = z.object({
  key: z
    .string()
    .max(60, 'A visit key is at most 60 characters.')
    .describe('o{cleaning id}, r{schedule id}-{yyyymmddThhmmssZ}, or h{hold id} (a held booking request)'),
});

/**
 * The owner's visits (admin): one-time cleanings and recurring schedules' occurrences in a range of business
 * dates, changing one occurrence (done and paid, skipped, moved), the working hours, and the conflicts look-up.
 */
export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { visits } = app.services;

  app.get(
    '/api/visits',
    admin(
      {
        querystring: visitsQuery,
        description:
          'Every visit starting on the business dates from..to (both included, at most 92 days), by start, with the ' +
          'live held booking requests (kind request, status requested, key h{id}). At most ' +
          'AGENDA_DAY_LIMIT one-time cleanings a day are listed; days with more are named in X-Truncated-Days.',
      },
      { 200: visitListSchema },
    ),
    async (request, reply) => {
      const { visits: list, truncatedDays } = await visits.list(request.query);
      // Days with more one-time cleanings than the Agenda shows (AGENDA_DAY_LIMIT): named, as the Agenda does.
      if (truncatedDays.length) reply.header(TRUNCATED_DAYS_HEADER, truncatedDays.join(','));
      return list;
    },
  );

  // Registered before /api/visits/:key; the router prefers the static path anyway.
  app.get(
    '/api/visits/conflicts',
    admin({ querystring: visitConflictsQuery }, { 200: visitConflictListSchema }),
    async (request) => visits.conflicts(request.query),
  );

  app.patch(
    '/api/visits/:key',
    admin(
      {
        params: keyParams,
        headers: ifMatchHeaders,
        body: visitPatch,
        description:
          '{status:"done",paid:true}: done and paid (a recurring occurrence gets one paid record, however often ' +
          'sent; its invoice is paid in full by payment_method, else the last method used, cash at first); {status:"skipped"}; {status:"planned"}; {start}: moved (409 onto other visits beyond max_overlap ' +
          'or outside the working hours, unless allow_overlap; decided under the booking lock, so of a booking ' +
          'request and a move to one time at once, one is a 409). A held request (h…): {status:"confirmed"} makes its ' +
          'one-time cleaning, or its schedule (first visit the time held), at the quoted amount and length, sets the ' +
          'inquiry to Booked and answers that visit (however often sent: one visit); {status:"declined"} frees the ' +
          'time and answers the request, declined. 409 for a request declined, confirmed (to decline) or lapsed. ' +
          'A move mails the customer the new time and calendar entry unless notify_customer: false. ' +
          'Done or paid before the visit starts is a 409 asking, unless confirm_early: true. {status:"planned"} on ' +
          'the day of Done & paid undoes it (unpaid; a recurring paid record removed; 409 on a later day). ' +
          "{cleaner_id}: who cleans it (alone or with a move; null: nobody, an occurrence its schedule's default), " +
          '400 for an unknown or removed team member, 409 naming the visit of theirs it would overlap unless ' +
          'allow_overlap (decided under the booking lock). ' +
          'Answers the visit. With If-Match, only the visit at that version changes (412 otherwise).',
      },
      { 200: visitSchema },
      404,
      409,
      412,
    ),
    async (request) => visits.patch(request.params.key, request.body, expectedVersion(request)),
  );

  app.get('/api/working_hours', admin({}, { 200: workingHoursSchema }), async () => visits.workingHours());

  app.put(
    '/api/working_hours',
    admin({ body: workingHoursSchema }, { 200: workingHoursSchema }),
    async (request) => visits.setWorkingHours(request.body),
  );
};
