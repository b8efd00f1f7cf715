import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { visitIcs } from '../../src/features/notifications/visit-ics';
import { icsPlain, icsText } from '../../src/lib/ics-text';

/** Every way a stored value could break an .ics file: RFC 5545's specials, line breaks, controls, long UTF-8. */
const HOSTILE = `Sparkle\\Shine; Co, Ltd\r\nX-EVIL:1\nnext\rline\ttab\u0000\u0007\u001b\u007f ${'é'.repeat(50)}🧽`;
const CLEAN = `Sparkle\\Shine; Co, Ltd\nX-EVIL:1\nnext\nline\ttab ${'é'.repeat(50)}🧽`;

describe('icsText', () => {
  it.each([
    ['plain', 'Sparkle Clean', 'Sparkle Clean'],
    ['backslash', 'a\\b', 'a\\\\b'],
    ['semicolon and comma', 'a;b,c', 'a\\;b\\,c'],
    ['CRLF, LF and CR, each one \\n', 'a\r\nb\nc\rd', 'a\\nb\\nc\\nd'],
    ['an escaped-looking value, escaped again', '\\n', '\\\\n'],
    ['controls dropped, tab kept', 'a\u0000b\u0007c\td\u007f', 'abc\td'],
  ])('%s', (_name, value, escaped) => {
    expect(icsText(value)).toBe(escaped);
  });

  it('icsPlain drops only what no escaping makes legal, and answers the same string when there is none', () => {
    const value = 'Key; under, the mat\\\nthanks';
    expect(icsPlain(value)).toBe(value);
    expect(icsPlain('a\u0000\u001fb\r\n')).toBe('ab\r\n');
  });
});

describe('a visit’s .ics with hostile text everywhere', () => {
  it('keeps one property a line, folds at 75 octets, and reads back as the text given (controls out)', async () => {
    const text = await visitIcs(
      {
        uid: 'o1@clean.example',
        start: new Date('2027-03-09T15:00:00Z'),
        minutes: 90,
        summary: HOSTILE,
        description: HOSTILE,
        location: HOSTILE,
      },
      'America/New_York',
      HOSTILE,
    );
    const lines = text.split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      const controls = [...line].filter((c) => (c < ' ' && c !== '\t') || c === '\u007f');
      expect(controls, line).toEqual([]);
    }
    // Every line is a property or a continuation: nothing a value held started a line of its own.
    expect(lines.filter((l) => l !== '' && !/^([A-Z-]+[:;]| )/.test(l))).toEqual([]);
    expect(lines.some((l) => l.startsWith('X-EVIL'))).toBe(false);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`X-WR-CALNAME:${icsText(HOSTILE)}\r\n`);
    const [event] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(event?.summary).toBe(CLEAN);
    expect(event?.description).toBe(CLEAN);
    expect(event?.location).toBe(CLEAN);
    expect(event?.start.toISOString()).toBe('2027-03-09T15:00:00.000Z');
  });
});
