import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineCents, quoteTax, type TaxRule, taxCents, totals } from '../src/billing/tax';

/**
 * The money module against an independent computation: every amount as an exact rational of BigInts, rounded half
 * up by comparing 2 × remainder with the denominator, written without the module's own helpers.
 */
type Rational = { n: bigint; d: bigint };
const halfUp = ({ n, d }: Rational): bigint => {
  const q = n / d;
  return 2n * (n - q * d) >= d ? q + 1n : q;
};
const rateOf = (rule: TaxRule): Rational => ({
  n: BigInt(Math.round(rule.tax_rate_percent * 1000)),
  d: 100_000n,
});

function reference(lines: { cents: bigint; taxable: boolean }[], discount: bigint, rule: TaxRule) {
  const subtotal = lines.reduce((s, l) => s + l.cents, 0n);
  const taxable = lines.filter((l) => l.taxable).reduce((s, l) => s + l.cents, 0n);
  const taxableDiscount = subtotal === 0n ? 0n : halfUp({ n: discount * taxable, d: subtotal });
  const part = taxable - taxableDiscount;
  const r = rateOf(rule);
  const tax = rule.prices_include_tax
    ? halfUp({ n: part * r.n, d: r.d + r.n })
    : halfUp({ n: part * r.n, d: r.d });
  return {
    subtotal,
    taxablePart: part,
    nonTaxablePart: subtotal - discount - part,
    tax,
    total: subtotal - discount + (rule.prices_include_tax ? 0n : tax),
  };
}

const rule = fc.record({
  tax_rate_percent: fc.integer({ min: 0, max: 20_000 }).map((m) => m / 1000),
  prices_include_tax: fc.boolean(),
});
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 100_000 }).map((h) => h / 100),
  unit: fc.integer({ min: 0, max: 999_999_999 }).map((c) => c / 100),
  taxable: fc.boolean(),
});

describe('tax and totals', () => {
  it('match an exact rational computation in 10,000 generated invoices', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        rule,
        (raw, discountSeed, taxRule) => {
          const lines = raw.map((l) => ({ amount_cents: lineCents(l.quantity, l.unit), taxable: l.taxable }));
          // Each line's cents: quantity in hundredths × unit cents / 100, exactly.
          raw.forEach((l, i) => {
            const exact = halfUp({
              n: BigInt(Math.round(l.quantity * 100)) * BigInt(Math.round(l.unit * 100)),
              d: 100n,
            });
            expect(BigInt(lines[i]?.amount_cents ?? -1)).toBe(exact);
          });
          const subtotal = lines.reduce((s, l) => s + l.amount_cents, 0);
          const discount = subtotal === 0 ? 0 : discountSeed % (subtotal + 1);
          const got = totals(lines, discount, taxRule);
          const want = reference(
            lines.map((l) => ({ cents: BigInt(l.amount_cents), taxable: l.taxable })),
            BigInt(discount),
            taxRule,
          );
          expect(BigInt(got.subtotal_cents)).toBe(want.subtotal);
          expect(BigInt(got.taxable_cents)).toBe(want.taxablePart);
          expect(BigInt(got.non_taxable_cents)).toBe(want.nonTaxablePart);
          expect(BigInt(got.tax_cents)).toBe(want.tax);
          expect(BigInt(got.total_cents)).toBe(want.total);
          // The invariants a reader relies on: the parts add up, none is negative, whole cents throughout.
          expect(got.taxable_cents + got.non_taxable_cents).toBe(got.subtotal_cents - got.discount_cents);
          expect(got.taxable_cents).toBeGreaterThanOrEqual(0);
          expect(got.non_taxable_cents).toBeGreaterThanOrEqual(0);
          for (const v of Object.values(got)) expect(Number.isSafeInteger(v)).toBe(true);
        },
      ),
      { numRuns: 10_000, seed: 41_2027 },
    );
  });

  it('gives the quote the same tax as a one-line taxable invoice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), rule, (cents, taxRule) => {
        const q = quoteTax(cents, taxRule);
        const t = totals([{ amount_cents: cents, taxable: true }], 0, taxRule);
        expect(q).toEqual({ tax_cents: t.tax_cents, total_cents: t.total_cents });
      }),
      { numRuns: 2_000, seed: 7 },
    );
  });

  it('rounds half up at the cent, both ways of stating prices', () => {
    // $100.00 at 6.35 % is $6.35; $0.50 at 1 % is half a cent, which goes up.
    expect(taxCents(10_000, { tax_rate_percent: 6.35, prices_include_tax: false })).toBe(635);
    expect(taxCents(50, { tax_rate_percent: 1, prices_include_tax: false })).toBe(1);
    expect(taxCents(49, { tax_rate_percent: 1, prices_include_tax: false })).toBe(0);
    // $106.35 including 6.35 % holds exactly $6.35 of tax.
    expect(taxCents(10_635, { tax_rate_percent: 6.35, prices_include_tax: true })).toBe(635);
  });

  it('spreads a discount over taxable and non-taxable lines in proportion', () => {
    const rule635 = { tax_rate_percent: 6.35, prices_include_tax: false };
    const got = totals(
      [
        { amount_cents: 15_000, taxable: true },
        { amount_cents: 5_000, taxable: false },
      ],
      2_000,
      rule635,
    );
    expect(got).toEqual({
      subtotal_cents: 20_000,
      discount_cents: 2_000,
      taxable_cents: 13_500,
      non_taxable_cents: 4_500,
      tax_cents: 857,
      total_cents: 18_857,
    });
  });
});
