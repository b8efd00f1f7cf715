import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { holds, oneTimeCleanings } from '../../src/db/schema';
import { records } from './fixtures';
import type { Inject, SignedInApp } from './harness';

const DAY = 86_400_000;
/** Monday 2027-04-05, 10:00 New York (EDT): the first round's time; each round takes the next weekday. */
const FIRST = Date.parse('2027-04-05T14:00:00Z');

/** Round `i`'s time: the i-th weekday from FIRST, as the booking form sends it and as the owner types it. */
function roundTime(i: number): { at: Date; offered: string; wall: string } {
  const weekday = Math.floor(i / 5) * 7 + (i % 5);
  const at = new Date(FIRST + weekday * DAY);
  const date = at.toISOString().slice(0, 10);
  return { at, offered: `${date}T10:00:00-04:00`, wall: `${date}T10:00` };
}

/**
 * `rounds` times at once: a visitor books a free time (through `book`) while the owner moves a one-time cleaning
 * of `inquiryId` onto it (through `move`). One booking rule means exactly one of the two is accepted and the other
 * is a 409, and the time holds one visit. The test app's zone must be America/New_York; each visitor has their own
 * contact, so no limit of waiting requests applies.
 */
export async function raceBookingAndMove(
  t: SignedInApp,
  sides: { book: Inject; move: Inject },
  inquiryId: number,
  rounds = 20,
): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const { at, offered, wall } = roundTime(i);
    // Parked on a Sunday in May, far from every round's time.
    const id = await records(t).cleaning(inquiryId, {
      dateTime: new Date(Date.parse('2027-05-02T14:00:00Z') + i * 60_000),
    });
    const [booked, moved] = await Promise.all([
      sides.book(
        'POST',
        '/api/inquiries',
        {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          phone_number: `860555${String(1000 + i)}`,
          town: 'Bristol',
          street_address: '12 Oak St',
          requested_start: offered,
        },
        { remoteAddress: `10.0.0.${i + 1}` },
      ),
      sides.move('PATCH', `/api/visits/o${id}`, { start: wall }),
    ]);
    const accepted = [booked.statusCode === 201, moved.statusCode === 200].filter(Boolean).length;
    expect(
      accepted,
      `round ${i}: ${booked.statusCode} ${booked.body} / ${moved.statusCode} ${moved.body}`,
    ).toBe(1);
    expect([booked.statusCode, moved.statusCode].sort()).toContain(409);
    const heldThere = await t.db.$count(holds, and(eq(holds.start, at), eq(holds.status, 'held')));
    const cleaningsThere = await t.db.$count(oneTimeCleanings, eq(oneTimeCleanings.dateTime, at));
    expect(heldThere + cleaningsThere, `round ${i}`).toBe(1);
  }
}
