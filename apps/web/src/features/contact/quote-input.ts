import {
  numberParam,
  type PostedForm,
  type Pricing,
  QUOTE_FREQUENCIES,
  type QuoteFrequency,
  type QuoteInput,
} from '@clean/shared';

/**
 * Reading the booking form's estimate inputs (package, rooms, extras, frequency) the same way from the page's
 * address (after "See price" without script), a refused post the server rendered again, and the live form. Zod-free:
 * the public page runs this on every change.
 */

/** What the quote fields are read from: a URLSearchParams, a FormData, or a posted form's values. */
export type QuoteSource = { get(name: string): unknown; getAll(name: string): unknown[] };

/** The quote fields' names in the form (and in the address "See price" leads to). */
export const QUOTE_FIELDS = ['package_id', 'bedrooms', 'bathrooms', 'extras', 'frequency'] as const;

/** A posted form's values as a source: `extras` travels there as one comma-separated value. */
export function postedSource(posted: PostedForm): QuoteSource {
  return {
    get: (name) => posted.values[name] ?? null,
    getAll: (name) => (posted.values[name] ?? '').split(',').filter(Boolean),
  };
}

/**
 * The live form's quote controls (the form's, or the fieldset's holding them) as a source, read control by
 * control: `new FormData(form)` would lay the page out first (Chromium does for a textarea's value), several
 * milliseconds of a price update on a slow phone.
 */
export function formSource(form: HTMLFormElement | HTMLFieldSetElement): QuoteSource {
  return {
    get: (name) => {
      const control = form.elements.namedItem(name);
      return control instanceof HTMLSelectElement || control instanceof HTMLInputElement
        ? control.value
        : null;
    },
    getAll: (name) =>
      Array.from(
        form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`),
        (box) => box.value,
      ),
  };
}

/** The form's choice as it is; null `package_id` when no package (or "Not sure yet") is chosen. */
export type QuoteChoice = Omit<QuoteInput, 'package_id'> & { package_id: number | null };

const isFrequency = (value: unknown): value is QuoteFrequency =>
  (QUOTE_FREQUENCIES as readonly unknown[]).includes(value);

export function readQuoteChoice(source: QuoteSource): QuoteChoice {
  const text = (name: string) => {
    const value = source.get(name);
    return typeof value === 'string' ? value : null;
  };
  const frequency = source.get('frequency');
  return {
    // `package`: the package a "Book Now" link names.
    package_id: numberParam(text('package_id') ?? text('package')),
    bedrooms: Math.min(numberParam(text('bedrooms')) ?? 1, MAX_ROOMS_OFFERED),
    bathrooms: Math.min(numberParam(text('bathrooms')) ?? 1, MAX_ROOMS_OFFERED),
    extras: [...new Set(source.getAll('extras').filter((v): v is string => typeof v === 'string'))],
    frequency: isFrequency(frequency) ? frequency : 'one_time',
  };
}

/** The rooms the form offers (1 to 10); a bigger home is a call. */
export const MAX_ROOMS_OFFERED = 10;

/** The visit length the times are offered for before a package is chosen: the shortest priced visit. */
export function defaultMinutes(pricing: Pricing | undefined): number {
  const lengths = pricing?.packages.map((p) => p.base_minutes) ?? [];
  return lengths.length ? Math.min(...lengths) : 120;
}

/** "2 h 30 min", "45 min", "3 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Open start instants (ISO 8601 with the business's offset, as GET /api/slots gives them) by business day, each
 * with its words ("Tuesday, March 2" and "9:30 AM"). Read from the string itself — it is already business wall
 * time — so the server's render and the browser's agree whatever the visitor's own zone.
 */
export function groupSlots(slots: readonly string[]) {
  const days: Array<{ date: string; label: string; times: Array<{ value: string; label: string }> }> = [];
  for (const value of slots) {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
    if (!m) continue;
    const [, y, mo, d, hh, mm] = m.map(Number) as [number, number, number, number, number, number];
    const date = value.slice(0, 10);
    let day = days.at(-1);
    if (day?.date !== date) {
      const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()];
      day = { date, label: `${weekday}, ${MONTHS[mo - 1]} ${d}`, times: [] };
      days.push(day);
    }
    const hour12 = hh % 12 === 0 ? 12 : hh % 12;
    day.times.push({ value, label: `${hour12}:${String(mm).padStart(2, '0')} ${hh < 12 ? 'AM' : 'PM'}` });
  }
  return days;
}
