import { type BillingSettings, billingSettingsSchema, DEFAULT_BILLING } from '@clean/shared';
import type { Db } from '../../db/client';
import { ownerSetting } from '../../db/owner-settings';

/** The owner_settings key of the billing settings (one JSON document, as the price table is). */
export const BILLING = 'billing';

export const billingStore = (db: Db) => ownerSetting(db, BILLING, billingSettingsSchema, DEFAULT_BILLING);

/** The settings as they are now: the stored document, or the defaults before the owner saves any. */
export const billingSettings = (db: Db): Promise<BillingSettings> => billingStore(db).get();
