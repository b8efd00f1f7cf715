import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The one reading of a phone number as people type it: `+1 (860) 555-7788`, `1-860-555-7788`, `860.555.7788` and
 * `(860) 555 7788` are all 8605557788. Anything else is null: letters and extensions (we keep 10 digits, an
 * extension would be lost), other countries (Canada shares +1), and numbers no US line can have (area code 123).
 * Validity comes from libphonenumber-js's `min` metadata, the smallest that still knows the US numbering plan.
 */
export function usPhoneDigits(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, 'US');
  if (parsed?.country !== 'US' || !parsed.isValid()) return null;
  return parsed.nationalNumber;
}

export const US_PHONE_MESSAGE = 'must be a US phone number of 10 digits, e.g. (860) 555-0123.';
