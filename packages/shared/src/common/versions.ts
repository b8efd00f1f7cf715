import { z } from 'zod';

/**
 * A record's version as the API answers it: opaque, it changes with every write to the record, by anyone. Sent
 * back in `If-Match` (docs/api.md), it makes a change go ahead only on the record as the client saw it.
 */
export const versionField = z
  .string()
  .meta({ description: 'Changes with every write to the record; send it back as If-Match: "<version>".' });

/** A quoted version (RFC 9110's entity tag, strong), or `*`: anything else is a 400. */
const IF_MATCH = /^(\*|"[0-9A-Za-z._-]{1,60}")$/;

/**
 * The If-Match request header of a versioned record's PATCH, PUT and DELETE. Loose: the other headers stay as
 * they came (the request's headers are replaced by what this schema lets through).
 */
export const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .regex(IF_MATCH, 'If-Match must be a quoted version, like "3", or *.')
    .optional()
    .meta({
      description:
        'The version the client last read, quoted ("3"): a record changed since answers 412 and nothing is ' +
        'changed. Absent or *: the change goes ahead whatever the version.',
    }),
});

/** The If-Match header for a version (what the hub sends with every change). */
export const ifMatch = (version: string) => ({ 'If-Match': `"${version}"` });
