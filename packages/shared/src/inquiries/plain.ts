/**
 * What the public pages need of inquiries without Zod (this file imports nothing): the booking form's "Other"
 * town and the phone display. A schema module pulls Zod's code into a visitor's first load of /contact.
 */

export const OTHER_TOWN = 'Other';

/** (XXX) XXX-XXXX while typing or showing; N/A when empty. */
export function formatPhone(digits: string | null | undefined): string {
  const d = (digits ?? '').replace(/\D/g, '').slice(0, 10);
  if (!d) return 'N/A';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
