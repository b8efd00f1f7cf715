import { z } from 'zod';

/**
 * The owner's billing settings (docs/product.md#getting-paid): one document, GET and PUT /api/billing. Each
 * message names its field, so a 400 says which one to fix.
 */

export const RECURRING_BILLING = ['per_visit', 'monthly'] as const;
export type RecurringBilling = (typeof RECURRING_BILLING)[number];

const decimalsAtMost = (v: number, places: number) => {
  const scaled = v * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};

const wholeDays = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number of days.` })
    .int(`${field} must be a whole number of days.`)
    .min(min, `${field} must be between ${min} and ${max} days.`)
    .max(max, `${field} must be between ${min} and ${max} days.`);

const httpsLink = (field: string) =>
  z
    .string({ error: `${field} must be an https:// link or null.` })
    .trim()
    .max(500, `${field} must be at most 500 characters.`)
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
      } catch {
        return false;
      }
    }, `${field} must be an https:// link.`);

export const billingSettingsSchema = z.strictObject({
  tax_rate_percent: z
    .number({ error: 'tax_rate_percent must be a number of percent.' })
    .min(0, 'tax_rate_percent must be between 0 and 20.')
    .max(20, 'tax_rate_percent must be between 0 and 20.')
    .refine((v) => decimalsAtMost(v, 3), 'tax_rate_percent can have at most 3 decimals.'),
  tax_label: z
    .string({ error: 'tax_label must be text.' })
    .trim()
    .min(1, 'tax_label is required.')
    .max(40, 'tax_label must be at most 40 characters.'),
  prices_include_tax: z.boolean({ error: 'prices_include_tax must be true or false.' }),
  terms_days: wholeDays('terms_days', 0, 90),
  payment_instructions: z
    .string({ error: 'payment_instructions must be text.' })
    .trim()
    .max(1000, 'payment_instructions must be at most 1000 characters.'),
  payment_link: httpsLink('payment_link').nullable(),
  recurring_billing: z.enum(RECURRING_BILLING, {
    error: `recurring_billing must be one of: ${RECURRING_BILLING.join(', ')}.`,
  }),
  overdue_reminder_days: z
    .array(wholeDays('overdue_reminder_days', 1, 90), {
      error: 'overdue_reminder_days must be a list of days.',
    })
    .max(3, 'overdue_reminder_days can hold at most 3 days.'),
  tax_permit_number: z
    .string({ error: 'tax_permit_number must be text or null.' })
    .trim()
    .max(40, 'tax_permit_number must be at most 40 characters.')
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type BillingSettings = z.output<typeof billingSettingsSchema>;
export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;

/** GET and PUT /api/billing answer the stored document (no input rules: transforms do not run backwards). */
export const billingSettingsResponseSchema = z.object({
  tax_rate_percent: z.number(),
  tax_label: z.string(),
  prices_include_tax: z.boolean(),
  terms_days: z.number().int(),
  payment_instructions: z.string(),
  payment_link: z.string().nullable(),
  recurring_billing: z.enum(RECURRING_BILLING),
  overdue_reminder_days: z.array(z.number().int()),
  tax_permit_number: z.string().nullable(),
});
