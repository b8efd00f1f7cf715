import type { BillingSettings } from './schemas';

/**
 * The billing settings before the owner sets any: Connecticut's 6.35 % sales tax on cleaning (no local add-on),
 * a week to pay. Zod-free: the booking form imports it.
 */
export const DEFAULT_BILLING: BillingSettings = {
  tax_rate_percent: 6.35,
  tax_label: 'CT sales tax',
  prices_include_tax: false,
  terms_days: 7,
  payment_instructions: 'Pay by cash, check or Zelle; please write the invoice number in the memo.',
  payment_link: null,
  recurring_billing: 'per_visit',
  overdue_reminder_days: [3, 10],
  tax_permit_number: null,
};
