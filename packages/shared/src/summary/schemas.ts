export type RevenueTotals = { one_time: number; recurring: number; total: number };

/** GET /api/total_paid_cleanings_summary (admin): paid one-time cleanings + recurring paid amounts. */
export type PaidSummary = {
  this_month: RevenueTotals;
  this_year: RevenueTotals;
  all_time: RevenueTotals;
  /** The last 12 months, oldest first, months counted in the business time zone. */
  by_month: Array<RevenueTotals & { month: string }>;
};
