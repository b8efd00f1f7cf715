/**
 * What a public page's address may carry (its state, so a link, a GET form and Back all work without script), and
 * how each value is read. The server renders a page from these alone; the browser reads them the same way, so the
 * two agree on what a hand-edited address means. Zod-free: public pages read them on their first load.
 */
import type { PublicRoute } from './routes';

/** The query parameters each public page understands; the server ignores any other. */
export const PAGE_PARAMS = {
  '/': ['photo'],
  '/packages': ['package'],
  '/gallery': ['category', 'page', 'seed', 'photo'],
  '/reviews': ['page', 'review', 'write', 'sent'],
  // The booking form's estimate ("See price" without script submits the form here by GET) and the campaign a
  // visitor landed on /contact from (kept in hidden inputs when the page has no script).
  '/contact': [
    'package',
    'package_id',
    'bedrooms',
    'bathrooms',
    'extras',
    'frequency',
    'sent',
    'utm_source',
    'utm_medium',
    'utm_campaign',
  ],
} as const satisfies Record<PublicRoute, readonly string[]>;

/** The free-text parameters (the gallery's category search, a campaign's names); most others are whole numbers. */
const TEXT_PARAMS = new Set(['category', 'utm_source', 'utm_medium', 'utm_campaign']);
/** Short slugs (an extra's key, a frequency); `extras` may repeat. */
const SLUG_PARAMS = new Set(['frequency', 'extras']);
const REPEATED_PARAMS = new Set(['extras']);
const SLUG = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const REPEAT_MAX = 50;
const TEXT_MAX = 100;

/** A positive whole number written in digits, or null. */
export function numberParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** A short free text, trimmed; '' when missing or too long. */
export const textParam = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text.length <= TEXT_MAX ? text : '';
};

/** The page number in `params` (1 when missing or not a page number). */
export const pageParam = (params: URLSearchParams) => numberParam(params.get('page')) ?? 1;

/** `params` reduced to what `route` understands, each value valid, in a fixed order (a cache key). */
export function pageSearch(route: PublicRoute, params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS[route]) {
    if (REPEATED_PARAMS.has(name)) {
      // Each slug once, in sorted order: the same choice is the same address (and cache entry).
      const values = [...new Set(params.getAll(name).filter((v) => SLUG.test(v)))].sort();
      for (const value of values.slice(0, REPEAT_MAX)) kept.append(name, value);
      continue;
    }
    const raw = params.get(name);
    const value = TEXT_PARAMS.has(name)
      ? textParam(raw)
      : SLUG_PARAMS.has(name)
        ? SLUG.test(raw ?? '')
          ? (raw as string)
          : ''
        : String(numberParam(raw) ?? '');
    if (value) kept.set(name, value);
  }
  return kept;
}

/** The public forms that also work without script: posted as a plain HTML form to their page. */
export const PAGE_FORMS = { booking: '/contact', review: '/reviews' } as const satisfies Record<
  string,
  PublicRoute
>;
export type PageForm = keyof typeof PAGE_FORMS;

/** A refused form post, rendered again by the server: the visitor's input, each field's problem, and a message. */
export type PostedForm = {
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
};

/** Where a page's data holds a refused post of its form (the server puts it in the page's dehydrated data). */
export const postedFormKey = (form: PageForm) => ['posted-form', form] as const;
