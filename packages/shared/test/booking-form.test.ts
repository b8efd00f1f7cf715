import { describe, expect, it } from 'vitest';
import { bookingBodyFromForm, bookingRequestInput } from '../src/inquiries/schemas';

const contact = { name: 'Jamie Doe', phone_number: '8605550199', town: 'Bristol' };

describe('bookingBodyFromForm: the no-script booking form as the JSON body', () => {
  it('gathers the estimate’s flat fields into quote, every checked extra kept', () => {
    const body = bookingBodyFromForm({
      ...contact,
      package_id: '3',
      bedrooms: '2',
      bathrooms: '1',
      extras: ['inside-fridge', 'inside-oven'],
      frequency: 'weekly',
      heard_from: 'yelp',
    });
    expect(body).toEqual({
      ...contact,
      heard_from: 'yelp',
      quote: {
        package_id: '3',
        bedrooms: '2',
        bathrooms: '1',
        extras: ['inside-fridge', 'inside-oven'],
        frequency: 'weekly',
      },
    });
    const parsed = bookingRequestInput.parse(body);
    expect(parsed.quote).toEqual({
      package_id: 3,
      bedrooms: 2,
      bathrooms: 1,
      extras: ['inside-fridge', 'inside-oven'],
      frequency: 'weekly',
    });
    expect(parsed.heard_from).toBe('yelp');
  });

  it('sends no quote when no package is chosen, and fills rooms and frequency left blank', () => {
    expect(bookingBodyFromForm({ ...contact, package_id: '', bedrooms: '3', extras: 'inside-oven' })).toEqual(
      contact,
    );
    expect(
      bookingBodyFromForm({ ...contact, package_id: '3', bedrooms: '', extras: 'inside-oven' }).quote,
    ).toEqual({
      package_id: '3',
      bedrooms: '1',
      bathrooms: '1',
      extras: ['inside-oven'],
      frequency: 'one_time',
    });
  });

  it('keeps only the first value of any other field sent twice', () => {
    expect(bookingBodyFromForm({ ...contact, name: ['First', 'Second'] }).name).toBe('First');
  });

  it('leaves the rules to the schema: a bad extra key is refused there', () => {
    const result = bookingRequestInput.safeParse(
      bookingBodyFromForm({ ...contact, package_id: '3', extras: ['<script>'] }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.slice(0, 2)).toEqual(['quote', 'extras']);
  });
});
