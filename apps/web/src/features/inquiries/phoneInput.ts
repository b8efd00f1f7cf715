import { formatPhone, PHONE_MAX_DIGITS } from '@clean/shared';

/** What the phone input shows for the stored digits: (XXX) XXX-XXXX as far as typed, '' when empty. */
export function phoneInputValue(digits: string | null | undefined): string {
  return digits ? formatPhone(digits) : '';
}

/**
 * The digits after the user edited the shown text: non-digits are dropped and at most 10 kept.
 * Deleting only a formatting character (e.g. the ')' or '-') removes the digit before it, so
 * backspace is never stuck.
 */
export function nextPhoneDigits(previousDigits: string, typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  const shown = phoneInputValue(previousDigits);
  if (digits === previousDigits && typed.length < shown.length) return digits.slice(0, -1);
  return digits;
}
