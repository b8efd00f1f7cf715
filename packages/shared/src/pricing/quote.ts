import { quoteTax, type TaxRule, toCents } from '../billing/tax';
import type { Pricing, Quote, QuoteInput } from './schemas';

/**
 * The Zod-free half of the pricing contract (docs/product.md#prices-and-the-quote): the choices, their words and the
 * pure quote function. The public booking form runs `quote()` on every change, so it must not pull Zod into the first
 * load (schemas.ts re-exports all of this; import this file directly where Zod must stay out).
 */

/** How often a quoted visit repeats; the booking form's choice and the key of each discount. */
export const QUOTE_FREQUENCIES = ['one_time', 'weekly', 'every_2_weeks', 'every_4_weeks'] as const;
export type QuoteFrequency = (typeof QUOTE_FREQUENCIES)[number];
/** The words the form and the mails use; the schedule's free-text frequency a confirmed request gets. */
export const QUOTE_FREQUENCY_LABELS: Record<QuoteFrequency, string> = {
  one_time: 'One time',
  weekly: 'Weekly',
  every_2_weeks: 'Every 2 weeks',
  every_4_weeks: 'Every 4 weeks',
};

export const MAX_EXTRAS = 50;
export const MAX_ROOMS = 20;

/** What the quote needs of a package: the packages list gives it. */
export type QuotePackage = { id: number; title: string; amount: number };

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: string };

const cents = (dollars: number) => Math.round(dollars * 100);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The estimate, to the cent, in integer cents throughout (no float drift): subtotal = base + (bedrooms − 1) ×
 * per bedroom + (bathrooms − 1) × per bathroom (0 counts as 1) + the extras; amount = the larger of the minimum
 * and the subtotal less the frequency's discount (rounded half up to the cent); minutes = base minutes + the same
 * room and extra minutes. An unknown package (or one without a base length) or extra key is an error.
 */
export function quote(pricing: Pricing, packages: readonly QuotePackage[], input: QuoteInput): QuoteResult {
  const pkg = packages.find((p) => p.id === input.package_id);
  const base = pricing.packages.find((p) => p.package_id === input.package_id);
  if (!pkg || !base) return { ok: false, error: 'That package cannot be priced online.' };
  const lines: Quote['lines'] = [{ label: pkg.title, amount: pkg.amount, minutes: base.base_minutes }];
  let subtotal = cents(pkg.amount);
  let total = base.base_minutes;
  const rooms = [
    [Math.max(input.bedrooms, 1) - 1, pricing.per_bedroom, 'more bedroom'],
    [Math.max(input.bathrooms, 1) - 1, pricing.per_bathroom, 'more bathroom'],
  ] as const;
  for (const [count, perRoom, word] of rooms) {
    if (count === 0) continue;
    const lineCents = count * cents(perRoom.amount);
    subtotal += lineCents;
    total += count * perRoom.minutes;
    lines.push({ label: plural(count, word), amount: lineCents / 100, minutes: count * perRoom.minutes });
  }
  for (const key of input.extras) {
    const extra = pricing.extras.find((e) => e.key === key);
    if (!extra) return { ok: false, error: `Unknown extra: ${key}.` };
    subtotal += cents(extra.amount);
    total += extra.minutes;
    lines.push({ label: extra.name, amount: extra.amount, minutes: extra.minutes });
  }
  const percentBasis = Math.round(pricing.frequency_discounts[input.frequency] * 100);
  // subtotal × (10000 − basis) is an exact integer below 2^53; one rounded division gives the cents.
  const discounted = Math.round((subtotal * (10_000 - percentBasis)) / 10_000);
  if (discounted !== subtotal) {
    lines.push({
      label: `${QUOTE_FREQUENCY_LABELS[input.frequency]} discount (${percentBasis / 100}%)`,
      amount: (discounted - subtotal) / 100,
      minutes: 0,
    });
  }
  const minimum = cents(pricing.minimum);
  if (discounted < minimum)
    lines.push({ label: 'Minimum visit price', amount: (minimum - discounted) / 100, minutes: 0 });
  return {
    ok: true,
    quote: { amount: Math.max(discounted, minimum) / 100, duration_minutes: total, lines },
  };
}

/** The tax rule every price shown to a visitor carries: the rate, its label, and whether prices include it. */
export type PublicTax = TaxRule & { tax_label: string };

/** An estimate with its tax and what the visitor pays in all (GET /api/quote, the booking form). */
export type TaxedQuote = Quote & PublicTax & { tax: number; total: number };

/** The estimate's tax, by the one tax function invoices use (every cleaning is taxable). */
export function withTax(estimate: Quote, tax: PublicTax): TaxedQuote {
  const { tax_cents, total_cents } = quoteTax(toCents(estimate.amount), tax);
  return {
    ...estimate,
    tax_rate_percent: tax.tax_rate_percent,
    tax_label: tax.tax_label,
    prices_include_tax: tax.prices_include_tax,
    tax: tax_cents / 100,
    total: total_cents / 100,
  };
}

/** "How did you hear about us?" on the booking form; the hub's lead-source summary groups by it. */
export const HEARD_FROM = ['google', 'facebook', 'nextdoor', 'friend', 'yelp', 'other'] as const;
export type HeardFrom = (typeof HEARD_FROM)[number];
export const HEARD_FROM_LABELS: Record<HeardFrom, string> = {
  google: 'Google',
  facebook: 'Facebook',
  nextdoor: 'Nextdoor',
  friend: 'A friend or neighbor',
  yelp: 'Yelp',
  other: 'Other',
};
