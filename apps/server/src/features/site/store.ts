import { formatPhone, type SiteConfig, type siteSettingsInput } from '@clean/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

type Changes = z.output<typeof siteSettingsInput>;

/**
 * The business facts in force: what the owner saved in the hub over `defaults` (SITE_CONFIG_FILE or the built-in
 * ones). Read from the database each time rather than kept here, so every server answers the same the moment one
 * saves; the public pages and JSON that show them are cached, and every save empties those caches on every server.
 */
export const siteStore = (db: Db, defaults: SiteConfig) => ({
  async current(): Promise<SiteConfig> {
    const [row] = await db
      .select({ document: siteSettings.document })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    return { ...defaults, ...(row?.document as Partial<SiteConfig> | undefined) };
  },

  /** Saves the fields given (each top-level field replaced whole), keeping the ones saved before. */
  async update(changes: Changes): Promise<void> {
    // Stored as the site shows it, whatever formatting it was typed with.
    const document = { ...changes, ...(changes.phone ? { phone: formatPhone(changes.phone) } : {}) };
    await db
      .insert(siteSettings)
      .values({ id: 1, document })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { document: sql`${siteSettings.document} || excluded.document`, updatedAt: sql`now()` },
      });
  },
});
