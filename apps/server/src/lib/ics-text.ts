/**
 * Text in an iCalendar file (RFC 5545), whatever a record holds. ical-generator, which writes our `.ics` files,
 * escapes an event's SUMMARY, DESCRIPTION and LOCATION and folds every line at 75 octets, but writes the
 * calendar's name (X-WR-CALNAME) and PRODID as given, so a `;`, `,`, `\` or a line break there broke the file or
 * started a property of its own. Every text value goes through here before it reaches the library: `icsPlain` for
 * the values it escapes, `icsText` for those it writes as given.
 */

/** A control character no TEXT value may hold (3.1); tab and line breaks are written (the latter escaped). */
const isControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

/** A value the library escapes itself: only what no escaping makes legal is taken out (most hold none: as is). */
export function icsPlain(value: string): string {
  for (let i = 0; i < value.length; i++)
    if (isControl(value.charCodeAt(i)))
      return Array.from(value)
        .filter((c) => !isControl(c.charCodeAt(0)))
        .join('');
  return value;
}

/** A TEXT value escaped (3.3.11): backslash, `;` and `,` escaped, every line break written `\n`. */
export const icsText = (value: string): string =>
  icsPlain(value)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n');
