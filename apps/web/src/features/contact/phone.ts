import { formatPhone, PHONE_MAX_DIGITS } from '@clean/shared';

/**
 * The phone field's next value as the visitor types: digits only (at most 10), shown (XXX) XXX-XXXX.
 * Deleting a formatting character (a bracket, space or dash) deletes the digit before it instead,
 * so backspace never gets stuck.
 */
export function nextPhoneValue(previous: string, typed: string): string {
  const before = previous.replace(/\D/g, '');
  let digits = typed.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  if (typed.length < previous.length && digits === before) digits = digits.slice(0, -1);
  return digits ? formatPhone(digits) : '';
}
