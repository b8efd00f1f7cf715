import { type Pricing, pricingSchema, type QuotePackage } from '@clean/shared';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownerSetting } from '../../db/owner-settings';
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
  get: (): Promise<Pricing> => ownerSetting(db, PRICING, pricingSchema, EMPTY_PRICING).get(),
  set: (pricing: Pricing): Promise<void> =>
    ownerSetting(db, PRICING, pricingSchema, EMPTY_PRICING).set(pricing),

  /** What the quote needs of every package: its id, title and base price. */
  async packages(): Promise<QuotePackage[]> {
    return db
      .select({ id: packages.id, title: packages.title, amount: packages.amount })
      .from(packages)
      .orderBy(asc(packages.id));
  },
});

/** The price table keeps no line for a package that is gone: drops those lines, in the caller's transaction. */
export async function dropGonePackages(db: Db): Promise<void> {
  await db.execute(sql`
    update ${ownerSettings}
    set value = jsonb_set(value, '{packages}', coalesce((
      select jsonb_agg(p) from jsonb_array_elements(value->'packages') p
      where (p->>'package_id')::int in (select id from ${packages})
    ), '[]'::jsonb))
    where key = ${PRICING}`);
}
