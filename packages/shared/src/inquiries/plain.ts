/**
 * What the public pages need of inquiries without Zod (this file imports nothing): the booking form's "Other"
 * town and the phone display. A schema module pulls Zod's code into a visitor's first load of /contact.
 */

export const OTHER_TOWN = 'Other';

/**
 * The digits of a US number as far as typed: a leading 1 is the country code (`+1 …`, `1-860-…`, what phone
 * autofill gives), never the start of the number, since no US area code begins with 0 or 1; at most 10 kept.
 * `usPhoneDigits` (common/phone.ts) decides whether the whole is a number; this only shapes what is shown.
 */
export function typedPhoneDigits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').replace(/^1/, '').slice(0, 10);
}

/** (XXX) XXX-XXXX while typing or showing; N/A when empty. */
export function formatPhone(digits: string | null | undefined): string {
  const d = typedPhoneDigits(digits);
  if (!d) return 'N/A';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
