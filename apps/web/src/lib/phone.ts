import { formatPhone, typedPhoneDigits } from '@clean/shared';

/** What a phone input shows for the digits typed so far: (XXX) XXX-XXXX as far as typed, '' when empty. */
export function phoneInputValue(digits: string | null | undefined): string {
  return digits ? formatPhone(digits) : '';
}

/**
 * The digits after the user edited the shown text: non-digits and a leading country code 1 are dropped and at
 * most 10 kept.
 * Deleting only a formatting character (a bracket, space or dash) removes the digit before it, so
 * backspace is never stuck.
 */
export function nextPhoneDigits(previousDigits: string, typed: string): string {
  const digits = typedPhoneDigits(typed);
  const shown = phoneInputValue(previousDigits);
  if (digits === previousDigits && typed.length < shown.length) return digits.slice(0, -1);
  return digits;
}

/** The same rule for a field that holds the shown text itself (the booking form sends it formatted). */
export function nextPhoneValue(previousShown: string, typed: string): string {
  return phoneInputValue(nextPhoneDigits(typedPhoneDigits(previousShown), typed));
}
