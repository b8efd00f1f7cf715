/**
 * The one place money is taxed and totalled (docs/product.md#getting-paid): the quote, the invoice and the sales-tax
 * report all call it. Whole cents inside, integers only; dollars with two decimals only at the edges. Zod-free, as
 * the booking form runs it on every change.
 */

/** The tax part of the billing settings. The rate has at most 3 decimals (6.35, 6.375). */
export type TaxRule = { tax_rate_percent: number; prices_include_tax: boolean };

/** One line as the totals need it: its amount in cents and whether it is taxed. */
export type CentsLine = { amount_cents: number; taxable: boolean };

export type Totals = {
  subtotal_cents: number;
  discount_cents: number;
  /** The taxable and non-taxable parts after their share of the discount (tax included when prices include it). */
  taxable_cents: number;
  non_taxable_cents: number;
  tax_cents: number;
  total_cents: number;
};

/** Dollars to whole cents: every amount the API takes has at most two decimals. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/**
 * round(a × b / d), halves up, for non-negative integers. Exact: a product past 2^53 (a large discount spread over
 * a large invoice) is divided as a BigInt.
 */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product) && Number.isSafeInteger(2 * product + d)) {
    const q = Math.floor(product / d);
    const r = product - q * d;
    return 2 * r >= d ? q + 1 : q;
  }
  const n = BigInt(a) * BigInt(b);
  const big = BigInt(d);
  const q = n / big;
  return Number(2n * (n - q * big) >= big ? q + 1n : q);
}

/** The rate in thousandths of a percent (6.35 % → 6350): an exact integer, so tax needs no fractions. */
const rateMilli = (rule: TaxRule): number => Math.round(rule.tax_rate_percent * 1000);
const PERCENT_MILLI = 100_000;

/** The tax on a taxable amount: × r, or × r/(1+r) when the amount already includes the tax; half up to the cent. */
export function taxCents(taxable: number, rule: TaxRule): number {
  const r = rateMilli(rule);
  return rule.prices_include_tax
    ? mulDivHalfUp(taxable, r, PERCENT_MILLI + r)
    : mulDivHalfUp(taxable, r, PERCENT_MILLI);
}

/** A line's amount: quantity (at most 2 decimals) × unit, half up to the cent. */
export function lineCents(quantity: number, unitAmount: number): number {
  return mulDivHalfUp(Math.round(quantity * 100), toCents(unitAmount), 100);
}

/**
 * The totals of lines less a discount (at most the subtotal). The discount falls on the taxable and the non-taxable
 * lines in proportion to their amounts (the taxable share half up, the rest to the non-taxable part); tax is taken
 * on what is left of the taxable part; total = subtotal − discount + tax, or subtotal − discount when prices
 * include the tax.
 */
export function totals(lines: readonly CentsLine[], discountCents: number, rule: TaxRule): Totals {
  let taxable = 0;
  let subtotal = 0;
  for (const line of lines) {
    subtotal += line.amount_cents;
    if (line.taxable) taxable += line.amount_cents;
  }
  const discount = Math.min(discountCents, subtotal);
  const taxableDiscount = subtotal === 0 ? 0 : mulDivHalfUp(discount, taxable, subtotal);
  const taxablePart = taxable - taxableDiscount;
  const nonTaxablePart = subtotal - taxable - (discount - taxableDiscount);
  const tax = taxCents(taxablePart, rule);
  return {
    subtotal_cents: subtotal,
    discount_cents: discount,
    taxable_cents: taxablePart,
    non_taxable_cents: nonTaxablePart,
    tax_cents: tax,
    total_cents: subtotal - discount + (rule.prices_include_tax ? 0 : tax),
  };
}

/** The tax on a quoted estimate (every cleaning is taxable) and what the visitor pays in all. */
export function quoteTax(amountCents: number, rule: TaxRule): { tax_cents: number; total_cents: number } {
  const tax = taxCents(amountCents, rule);
  return { tax_cents: tax, total_cents: amountCents + (rule.prices_include_tax ? 0 : tax) };
}
