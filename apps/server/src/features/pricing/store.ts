import { type Pricing, pricingSchema, type QuotePackage } from '@clean/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownerSettings, packages } from '../../db/schema';

/** The owner_settings key of the price table (one JSON document, as the working hours are). */
export const PRICING = 'pricing';

/**
 * The table before the owner sets one: no package has a base length, so nothing is priced online (the quote
 * answers "cannot be priced online") — rather than guessing lengths the owner never gave.
 */
export const EMPTY_PRICING: Pricing = {
  packages: [],
  per_bedroom: { amount: 0, minutes: 0 },
  per_bathroom: { amount: 0, minutes: 0 },
  extras: [],
  frequency_discounts: { one_time: 0, weekly: 0, every_2_weeks: 0, every_4_weeks: 0 },
  minimum: 0,
};

export const pricingStore = (db: Db) => ({
  /** The stored table, or EMPTY_PRICING (none set, or one that no longer reads: it is never half-used). */
  async get(): Promise<Pricing> {
    const [row] = await db
      .select({ value: ownerSettings.value })
      .from(ownerSettings)
      .where(eq(ownerSettings.key, PRICING));
    const parsed = row ? pricingSchema.safeParse(row.value) : undefined;
    return parsed?.success ? parsed.data : EMPTY_PRICING;
  },

  async set(pricing: Pricing): Promise<void> {
    await db
      .insert(ownerSettings)
      .values({ key: PRICING, value: pricing })
      .onConflictDoUpdate({ target: ownerSettings.key, set: { value: pricing, updatedAt: sql`now()` } });
  },

  /** What the quote needs of every package: its id, title and base price. */
  async packages(): Promise<QuotePackage[]> {
    return db
      .select({ id: packages.id, title: packages.title, amount: packages.amount })
      .from(packages)
      .orderBy(asc(packages.id));
  },
});
