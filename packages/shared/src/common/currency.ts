/** Money arithmetic and display, apart from the schema in money.ts so pages that only show prices load no Zod. */

/** Spec §9 discount: multiply and fix at 2 decimals; an empty amount gives "0.00". */
export function applyDiscount(amount: string | number | null | undefined, factor: number): string {
  const value = amount === '' || amount === null || amount === undefined ? 0 : Number(amount);
  if (!Number.isFinite(value)) return '0.00';
  const cents = Math.round(Math.round(value * 100) * factor);
  return (cents / 100).toFixed(2);
}

// Building a formatter costs far more than using one (tens of milliseconds for a page of cards on a phone).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export const formatMoney = (value: number) => usd.format(value);
