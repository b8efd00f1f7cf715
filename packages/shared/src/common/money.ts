import { z } from 'zod';

export const MONEY_MAX = 9_999_999.99;

/**
 * Money in dollars: non-negative, at most 2 decimals, stored exactly (numeric(12,2)).
 * Accepts a number or a numeric string (form inputs send strings).
 */
export const money = (label: string) =>
  z
    .union([z.number(), z.string().trim().min(1, `${label} is required.`)], {
      error: `${label} is required.`,
    })
    .transform((v) => (typeof v === 'number' ? v : Number(v)))
    .refine((v) => Number.isFinite(v), `${label} must be a number.`)
    .refine((v) => v >= 0, `${label} cannot be negative.`)
    .refine((v) => v <= MONEY_MAX, `${label} is too large.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most 2 decimals.`)
    .transform((v) => Math.round(v * 100) / 100);

/** Spec §9 discount: multiply and fix at 2 decimals; an empty amount gives "0.00". */
export function applyDiscount(amount: string | number | null | undefined, factor: number): string {
  const value = amount === '' || amount === null || amount === undefined ? 0 : Number(amount);
  if (!Number.isFinite(value)) return '0.00';
  const cents = Math.round(Math.round(value * 100) * factor);
  return (cents / 100).toFixed(2);
}

/** "$1,234.50" */
export const formatMoney = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
