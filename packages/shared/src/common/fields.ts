import { z } from 'zod';

/**
 * A single-line field's text (a name, a town): each run of whitespace or control characters (CR, LF, tab, U+2028…)
 * becomes one space, then it is trimmed. Such a field shows on one line of the owner's mail and the hub; a line
 * break in it would show as a line of its own ("Eve\r\nPhone: 000…" as a forged "Phone:" line). Collapsing rather
 * than refusing: a pasted name with a stray newline or tab still goes through.
 */
export const singleLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/** Single-line text (singleLine); empty is refused. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .overwrite(singleLine)
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional single-line text (singleLine): '', null and missing all mean "none" (stored as null). */
export const optionalLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .overwrite(singleLine)
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Optional text that may run over several lines (a description, notes): '', null and missing all mean "none"
 * (stored as null). Its line breaks are kept; the mails set it apart (quoted), so it cannot pass for their lines.
 */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Where an image may come from: an `https:` link (the CSP lets only those and the site's own images load, so
 * an `http:` one could never show) or a path on this site such as `/demo/kitchen.jpg`. A path must start
 * with exactly one `/`: `//host/x` and `/\host/x` are links to another host in a browser's eyes.
 */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return /^\/(?![/\\])[^\s\\]*$/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const IMAGE_URL_RULE = 'must be an https:// link or a path on this site such as /demo/photo.jpg.';

/** An image link (package, gallery photo): see `isImageUrl`. One rule for server and browser forms. */
export const imageUrl = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(2000, `${label} is too long.`)
    .refine(isImageUrl, `${label} ${IMAGE_URL_RULE}`);

/** An optional image link (a review's photo): '', null and missing mean none. */
export const optionalImageUrl = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(2000, `${label} is too long.`)
    .refine((v) => v === '' || isImageUrl(v), `${label} ${IMAGE_URL_RULE}`)
    .nullish()
    .transform((v) => (v ? v : null));

const MAX_ID = 2_147_483_647;

/**
 * A record's id in a JSON body: a JSON number, a positive whole number, nothing coerced (`true`, `"0x10"`,
 * `"1e1"`, `[1]` or `" 1 "` would otherwise become some other record's id).
 */
export const id = (label = 'id') =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be positive.`)
    .max(MAX_ID, `${label} is too large.`);

/** A record's id in a path: decimal digits and nothing else (no sign, spaces, `0x`, exponent or leading zero). */
export const idParam = (label = 'id') =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, `${label} must be a positive whole number written in digits.`)
    .transform(Number)
    .pipe(id(label));

export const idParams = z.object({ id: idParam() });

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
