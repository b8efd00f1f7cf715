import { z } from 'zod';

// No `id` in these metas: ids live in zod's global registry, and a module evaluated twice (tests, hot reload)
// would register the same id again and throw.

/**
 * What every answer of the API may look like besides its success body. Routes declare these per status, so the
 * OpenAPI document lists them and the serializer lets nothing else out.
 */
export const errorResponse = z
  .object({ error: z.string().meta({ description: 'One sentence for a person to read.' }) })
  .meta({ examples: [{ error: 'There is no package with that id.' }] });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z
  .object({ message: z.string() })
  .meta({ examples: [{ message: 'Package deleted.' }] });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * A 204: there is no body, so the serializer never runs, and the handler sends nothing (`void`). JSON Schema
 * cannot say "void": the OpenAPI transform (apps/server/src/lib/openapi.ts) writes it as a response without content.
 */
export const noContent = z.void().meta({ description: 'Done; no body.' });

/** ISO 8601 instant as the API sends it (`Date.toISOString()`). */
export const isoInstant = z.string().meta({ format: 'date-time', examples: ['2026-05-01T18:30:00.000Z'] });

const ERROR_MEANING = {
  400: 'The request is invalid; nothing was changed.',
  401: 'No valid session token (Authorization: Bearer …).',
  403: 'Signed in, but not the owner.',
  404: 'No such record.',
  409: 'Refused in the current state (e.g. records depend on it, or the form is closed).',
  410: 'What the link names has ended for good (it expired or was replaced); nothing was changed.',
  412: 'The If-Match version is no longer current: the record changed since it was read; nothing was changed.',
  429: 'Too many requests from this client; wait and retry.',
  500: 'A bug on the server; the sentence names a request id for its log.',
  503: 'The database is briefly unavailable; retry after the Retry-After seconds.',
  507: 'The server is low on disk space; writes are refused for now.',
} as const;
type ErrorStatus = keyof typeof ERROR_MEANING;

/** A sentence each status really answers, for the document's examples. */
const ERROR_EXAMPLE: Record<ErrorStatus, string> = {
  400: 'Phone number must be a US phone number of 10 digits, e.g. (860) 555-0123.',
  401: 'Please sign in.',
  403: 'Only the site administrator may do this.',
  404: 'There is no package with that id.',
  409: 'This inquiry has 1 one-time cleaning(s) and 0 recurring schedule(s). Delete them first, or confirm deleting everything.',
  410: 'This invitation has expired. Ask the owner to send a new one.',
  412: 'The customer cancelled this visit at 10:02 AM. Look at it again and decide.',
  429: 'Too many attempts. Please wait 1 minute and try again.',
  500: 'Something went wrong on our side (request 0b5f…).',
  503: 'The service is briefly unavailable. Please try again in a moment.',
  507: 'The server is low on disk space, so changes cannot be saved right now. Please try again later.',
};

const described = (status: ErrorStatus) =>
  errorResponse.meta({ description: ERROR_MEANING[status], examples: [{ error: ERROR_EXAMPLE[status] }] });

/** `{ error }` bodies for the given statuses, plus 500 and 503 which any route may answer. */
export function errorsFor<S extends ErrorStatus>(...statuses: S[]) {
  const all = [...new Set<ErrorStatus>([...statuses, 500, 503])];
  return Object.fromEntries(all.map((s) => [s, described(s)])) as Record<S | 500 | 503, typeof errorResponse>;
}

/** The statuses of an owner-only route: bad input, no session, not the owner. */
export const ADMIN_ERRORS = [400, 401, 403] as const;

/** A body that is not JSON (CSV, iCalendar, robots.txt, XML): documented by its media type, sent as text. */
export const textBody = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

/** The CSV downloads of the owner's lists. */
export const csvResponse = {
  200: textBody('text/csv', 'A CSV file (UTF-8, header row), sent as a download.'),
  ...errorsFor(...ADMIN_ERRORS),
};

/** GET /api/health: the database answers (200) or not (503). */
export const healthSchema = z.object({
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  error: z.string().optional(),
});
