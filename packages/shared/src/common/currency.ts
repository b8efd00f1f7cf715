/** Money arithmetic and display, apart from the schema in money.ts so pages that only show prices load no Zod. */

/** The discount of docs/product.md#constants: multiply and fix at 2 decimals; an empty amount gives "0.00". */
export function applyDiscount(amount: string | number | null | undefined, factor: number): string {
  const value = amount === '' || amount === null || amount === undefined ? 0 : Number(amount);
  if (!Number.isFinite(value)) return '0.00';
  const cents = Math.round(Math.round(value * 100) * factor);
  return (cents / 100).toFixed(2);
}

/**
 * "$1,234.50". Written out rather than with Intl.NumberFormat: a phone spends tens of milliseconds loading the
 * currency data for the first Intl currency formatter, right while the packages page hydrates.
 */
export function formatMoney(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}$${grouped}.${cents}`;
}
