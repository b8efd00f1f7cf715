import { z } from 'zod';

export const MONEY_MAX = 9_999_999.99;

/** A plain decimal as a form sends it: digits, then at most 2 decimals; no sign, spaces, exponent or hex. */
const PLAIN_DECIMAL = /^\d+(\.\d{1,2})?$/;

/**
 * Money in dollars: non-negative, at most 2 decimals, stored exactly (numeric(12,2)).
 * Accepts a JSON number or a plain decimal string (form inputs send strings); `Number()` alone would also
 * have read "0x10", "1e3", " 5" and "Infinity".
 */
export const money = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} is required.` })
    .transform((v, ctx) => {
      if (typeof v === 'number') return v;
      if (v === '') ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      else if (!PLAIN_DECIMAL.test(v))
        ctx.addIssue({ code: 'custom', message: `${label} must be a number like 120 or 99.50.` });
      return Number(v);
    })
    .refine((v) => Number.isFinite(v), `${label} must be a number.`)
    .refine((v) => v >= 0, `${label} cannot be negative.`)
    .refine((v) => v <= MONEY_MAX, `${label} is too large.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most 2 decimals.`)
    .transform((v) => Math.round(v * 100) / 100);
