import { calendarFeedSchema, calendarResponse, errorsFor, formatPhone } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import ical from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { requireAdmin } from '../auth/guard';
import { calendarFeedStore, SECRET_PATTERN } from './store';

/** The feed covers the past year and everything ahead: enough for a phone calendar, bounded in size. */
const PAST_DAYS = 365;
/** Cleanings have no duration in the data; a two-hour block reads well in a calendar. */
const EVENT_MS = 2 * 60 * 60 * 1000;
const NOT_FOUND = 'No calendar feed at this address. Copy the current address from the Agenda.';

/**
 * The owner's calendar feed (RFC 5545): GET /api/calendar_feed and POST /api/calendar_feed/rotate (admin) give
 * its secret address; GET /api/calendar/<secret>.ics serves it without a token, as calendar apps require.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = calendarFeedStore(app.database.db);
  const { publicUrl, timezone, site } = app.config;
  const urlOf = (secret: string) => ({ url: `${publicUrl}/api/calendar/${secret}.ics` });

  const feed = {
    onRequest: requireAdmin,
    schema: { response: { 200: calendarFeedSchema, ...errorsFor(401, 403) } },
  };
  app.get('/api/calendar_feed', feed, async () => urlOf(await store.secret()));
  app.post('/api/calendar_feed/rotate', feed, async () => urlOf(await store.rotate()));

  app.get(
    '/api/calendar/:file',
    {
      schema: {
        params: z.object({ file: z.string().max(100) }),
        response: { 200: calendarResponse, ...errorsFor(400, 404) },
      },
      // The address is the secret: keep it out of the request log (only warnings and errors, which omit it).
      logLevel: 'warn',
    },
    async (request, reply) => {
      const secret = request.params.file.replace(/\.ics$/, '');
      if (!SECRET_PATTERN.test(secret) || !(await store.isCurrent(secret))) throw notFound(NOT_FOUND);
      const since = new Date(Date.now() - PAST_DAYS * 24 * 60 * 60 * 1000);
      const host = new URL(publicUrl).hostname;
      const calendar = ical({
        name: `${site.businessName} cleanings`,
        // A VTIMEZONE block, so every client reads the TZID the same way.
        timezone: { name: timezone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null },
      });
      for (const event of await store.events(since)) {
        const start = new TZDate(event.start.getTime(), timezone);
        calendar.createEvent({
          id: `${event.uid}@${host}`,
          start,
          end: new TZDate(event.start.getTime() + EVENT_MS, timezone),
          timezone,
          summary: `${event.kind}: ${event.name}`,
          description: [
            `Phone: ${formatPhone(event.phone)}`,
            ...(event.notes ? [`Notes: ${event.notes}`] : []),
          ].join('\n'),
        });
      }
      // Private data behind a secret address: never stored by shared caches.
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="cleanings.ics"')
        .send(calendar.toString());
    },
  );
};
