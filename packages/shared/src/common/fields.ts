import { z } from 'zod';

/** Trimmed text; empty after trimming is refused when required. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional text: '', null and missing all mean "none" (stored as null). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Images shipped with the web app, linked site-relative so they load on any host name. */
const isShippedImage = (value: string) => /^\/demo\/[\w.-]+$/.test(value) && !value.includes('..');

const isHttpUrl = (value: string) => {
  if (isShippedImage(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** An absolute http(s) URL (images are links to an external host, spec §1). */
export const httpUrl = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(2000, `${label} is too long.`)
    .refine(isHttpUrl, `${label} must be a valid http(s) URL.`);

/** Optional URL: '', null and missing mean none. */
export const optionalHttpUrl = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(2000, `${label} is too long.`)
    .refine((v) => v === '' || isHttpUrl(v), `${label} must be a valid http(s) URL.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A positive integer id from a path or body (strings such as "12" from the URL are accepted). */
export const id = (label = 'id') =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be positive.`)
    .max(2_147_483_647, `${label} is too large.`);

export const idParams = z.object({ id: id() });

/** Optional `?page=&limit=`; with them a list answers one page and an X-Total-Count header. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').optional(),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100.').optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Search text from a query string: trimmed, empty means no filter. */
export const searchText = z
  .string()
  .trim()
  .max(200, 'search text must be at most 200 characters.')
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * `?with_dependants=true` on DELETE of a record others refer to: delete them too, in one transaction.
 * Without it such a delete is refused with 409 and a message naming what refers to the record.
 */
export const withDependantsQuery = z.object({
  with_dependants: z
    .enum(['true', 'false'], { error: 'with_dependants must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});
