import { formatPhone, PHONE_MAX_DIGITS } from '@clean/shared';
import type { ChangeEvent } from 'react';

/** What a phone input shows for the digits typed so far: (XXX) XXX-XXXX as far as typed, '' when empty. */
export function phoneInputValue(digits: string | null | undefined): string {
  return digits ? formatPhone(digits) : '';
}

/**
 * The digits after the user edited the shown text: non-digits are dropped and at most 10 kept.
 * Deleting only a formatting character (a bracket, space or dash) removes the digit before it, so
 * backspace is never stuck.
 */
export function nextPhoneDigits(previousDigits: string, typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  const shown = phoneInputValue(previousDigits);
  if (digits === previousDigits && typed.length < shown.length) return digits.slice(0, -1);
  return digits;
}

/** The same rule for a field that holds the shown text itself (the booking form sends it formatted). */
export function nextPhoneValue(previousShown: string, typed: string): string {
  return phoneInputValue(nextPhoneDigits(previousShown.replace(/\D/g, ''), typed));
}

/**
 * Shows `text` in the input at once. Preact re-renders a controlled input only when its state changes, so
 * without this an ignored 11th digit (the state stays the same) would stay on screen.
 */
function show(input: HTMLInputElement, text: string) {
  if (input.value !== text) input.value = text;
}

/** onChange of a phone input whose form state holds the digits. */
export const phoneDigitsChange =
  (previousDigits: string, commit: (digits: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    const digits = nextPhoneDigits(previousDigits, event.currentTarget.value);
    show(event.currentTarget, phoneInputValue(digits));
    commit(digits);
  };

/** onChange of a phone input whose form state holds the shown text. */
export const phoneShownChange =
  (previousShown: string, commit: (shown: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    const shown = nextPhoneValue(previousShown, event.currentTarget.value);
    show(event.currentTarget, shown);
    commit(shown);
  };
