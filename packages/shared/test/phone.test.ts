import { describe, expect, it } from 'vitest';
import { usPhoneDigits } from '../src/common/phone';
import { formatPhone, typedPhoneDigits } from '../src/inquiries/plain';
import { bookingRequestInput, inquiryPatch } from '../src/inquiries/schemas';
import { siteSettingsInput } from '../src/site/config';

const TYPED = [
  '+1 (860) 555-7788',
  '1-860-555-7788',
  '860.555.7788',
  '(860) 555 7788',
  '8605557788',
  '+18605557788',
];

const REFUSED = [
  ['too few digits', '555-7788'],
  ['too many digits', '(860) 555-77889'],
  ['an area code no US line has', '(123) 456-7890'],
  ['another country', '+44 20 7946 0958'],
  ['Canada, which shares +1', '+1 416 555 0199'],
  ['words', 'call me'],
  ['an extension', '860-555-7788 ext 9'],
  ['letters for digits', '860-555-CALL'],
] as const;

describe('usPhoneDigits: a US number as people type it', () => {
  it.each(TYPED)('reads %j as 8605557788', (typed) => {
    expect(usPhoneDigits(typed)).toBe('8605557788');
  });

  it.each(REFUSED)('refuses %s (%j)', (_, typed) => {
    expect(usPhoneDigits(typed)).toBeNull();
  });
});

describe('the schemas that take a phone', () => {
  const booking = { name: 'Jamie', town: 'Bristol' };

  it.each(TYPED)('store %j as its 10 digits', (typed) => {
    expect(bookingRequestInput.parse({ ...booking, phone_number: typed }).phone_number).toBe('8605557788');
    expect(inquiryPatch.parse({ phone_number: typed }).phone_number).toBe('8605557788');
  });

  it('keep an empty phone as none', () => {
    expect(inquiryPatch.parse({ phone_number: '' }).phone_number).toBeNull();
    expect(inquiryPatch.parse({ phone_number: null }).phone_number).toBeNull();
  });

  it.each(REFUSED)('refuse %s, naming the field', (_, typed) => {
    const result = bookingRequestInput.safeParse({ ...booking, phone_number: typed });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone_number', 'Phone number must be a US phone number of 10 digits, e.g. (860) 555-0123.'],
    ]);
    const site = siteSettingsInput.safeParse({ phone: typed });
    expect(site.error?.issues.map((i) => i.path.join('.'))).toEqual(['phone']);
  });

  it('take the site phone in any of the typed forms', () => {
    for (const typed of TYPED) expect(siteSettingsInput.parse({ phone: typed }).phone).toBe(typed);
  });
});

describe('the phone as shown while typing', () => {
  it('drops the country code, so +1 autofill is not read as area code 186', () => {
    expect(typedPhoneDigits('+1 (860) 555-7788')).toBe('8605557788');
    expect(typedPhoneDigits('1-860-555-7788')).toBe('8605557788');
    expect(formatPhone('+1 (860) 555-7788')).toBe('(860) 555-7788');
    expect(formatPhone('1860')).toBe('(860');
  });

  it('formats as (XXX) XXX-XXXX, partial while typing, N/A when empty', () => {
    expect(formatPhone('8605550142')).toBe('(860) 555-0142');
    expect(formatPhone('86055')).toBe('(860) 55');
    expect(formatPhone('')).toBe('N/A');
    expect(formatPhone(null)).toBe('N/A');
  });
});
