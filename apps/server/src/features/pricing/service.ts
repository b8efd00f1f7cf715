import {
  type BillingSettings,
  type Pricing,
  type PublicPricing,
  type PublicTax,
  type Quote,
  type QuoteInput,
  type QuotePackage,
  quote,
  type TaxedQuote,
  withTax,
} from '@clean/shared';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import type { PublicCache } from '../../lib/public-cache';
import { pricingStore } from './store';

/** The price table with the packages it can price and the tax: all a quote needs, read together. */
export type PriceList = { pricing: Pricing; packages: QuotePackage[]; tax: PublicTax };

/** The table as clients see it: rows of packages deleted since it was set are left out (they price nothing). */
const visible = ({ pricing, packages }: PriceList): Pricing => {
  const ids = new Set(packages.map((p) => p.id));
  return { ...pricing, packages: pricing.packages.filter((p) => ids.has(p.package_id)) };
};

/**
 * The owner's price table and the instant quote. Reads for the public go through the public cache (emptied by
 * any write to packages or to the table, here and on the other servers); a booking prices from the database.
 * Without a cache (the booking service) every read is from the database.
 */
export function pricingService(
  db: Db,
  /** The tax settings (features/billing). */
  taxSettings: () => Promise<BillingSettings>,
  cache: Pick<PublicCache, 'get'> | null = null,
) {
  const store = pricingStore(db);
  const load = async (): Promise<PriceList> => {
    const [pricing, packages, billing] = await Promise.all([store.get(), store.packages(), taxSettings()]);
    const { tax_rate_percent, tax_label, prices_include_tax } = billing;
    return { pricing, packages, tax: { tax_rate_percent, tax_label, prices_include_tax } };
  };
  const cached = () =>
    cache ? cache.get('pricing price-list', async () => ({ value: await load() })) : load();

  /** The quote for these choices, or a 400 naming what cannot be priced. */
  const priceWith = (list: PriceList, input: QuoteInput): Quote => {
    const result = quote(list.pricing, list.packages, input);
    if (!result.ok) throw new ValidationError(result.error);
    return result.quote;
  };

  return {
    /** GET /api/pricing: the table and the tax the estimate shows. */
    async current(): Promise<PublicPricing> {
      const list = await cached();
      return { ...visible(list), tax: list.tax };
    },

    /** PUT /api/pricing: the whole table; a row naming no package is a 400 and nothing is stored. */
    async replace(pricing: Pricing): Promise<Pricing> {
      const ids = new Set((await store.packages()).map((p) => p.id));
      const unknown = pricing.packages.find((p) => !ids.has(p.package_id));
      if (unknown) throw new ValidationError(`packages: there is no package with id ${unknown.package_id}.`);
      await store.set(pricing);
      return pricing;
    },

    /** GET /api/quote: from the cached table, with the tax. */
    async quote(input: QuoteInput): Promise<TaxedQuote> {
      const list = await cached();
      return withTax(priceWith(list, input), list.tax);
    },

    /** A booking's quote: priced again from the database, never from a number the browser sent. */
    async quoteForBooking(input: QuoteInput): Promise<Quote> {
      return priceWith(await load(), input);
    },
  };
}

export type PricingService = ReturnType<typeof pricingService>;
