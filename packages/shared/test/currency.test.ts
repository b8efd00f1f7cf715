import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/common/currency';

describe('formatMoney', () => {
  it('writes dollars as Intl does for en-US currency', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const value of [
      0, 0.5, 1, 9.99, 12.345, 99.5, 120, 999.999, 1000, 1234.5, 99999.99, 1234567.89, 9999999.99, -42.1,
      -1234.5,
    ]) {
      expect(formatMoney(value)).toBe(intl.format(value));
    }
  });
});
