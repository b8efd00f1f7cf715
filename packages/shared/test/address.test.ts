import { describe, expect, it } from 'vitest';
import { addressOrTown, bookingRequestInput, formatAddress, mapLink } from '../src';

describe('the home address', () => {
  it('reads street, town, region and ZIP; leaves out what is missing and the "Other" town', () => {
    const home = { street_address: '12 Oak St', town: 'Bristol', zip: '06010' };
    expect(formatAddress(home, 'CT')).toBe('12 Oak St, Bristol, CT 06010');
    expect(formatAddress({ ...home, zip: null }, 'CT')).toBe('12 Oak St, Bristol, CT');
    expect(formatAddress({ ...home, town: 'Other' }, 'CT')).toBe('12 Oak St, CT 06010');
    expect(formatAddress({ ...home, street_address: null }, 'CT')).toBeNull();
    expect(addressOrTown({ ...home, street_address: null }, 'CT')).toBe('Bristol');
  });

  it('links a map search with the address encoded', () => {
    expect(mapLink('12 Oak St, Bristol, CT 06010')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Oak%20St%2C%20Bristol%2C%20CT%2006010',
    );
  });

  it('the booking schema needs the street only with a time, and keeps it on one line', () => {
    const base = { name: 'Jo', email: 'jo@example.com', town: 'Bristol' };
    const timed = { ...base, requested_start: '2027-03-02T09:00:00-05:00' };
    const refused = bookingRequestInput.safeParse(timed);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['street_address'] });
    expect(bookingRequestInput.parse(base)).toMatchObject({ street_address: null, zip: null });
    expect(bookingRequestInput.parse({ ...timed, street_address: ' 12 Oak\r\nSt ' }).street_address).toBe(
      '12 Oak St',
    );
    expect(bookingRequestInput.safeParse({ ...base, zip: '1234' }).success).toBe(false);
  });
});
