import { DEFAULT_WORKING_HOURS } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { raceBookingAndMove } from '../support/booking-race';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { withSecondServer } from '../support/second-server';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const t = useTestApp({ timezone: 'America/New_York' });

describe('one booking rule with two app servers on one PostgreSQL', () => {
  it('20 rounds of a booking on one server and the owner’s move on the other to one free time: one wins', async () => {
    const { maria } = await records(t).customers();
    expect((await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS)).statusCode).toBe(200);
    await withSecondServer(t, async (other) => {
      await raceBookingAndMove(t, { book: other.anonymous, move: t.asAdmin }, maria);
    });
  });
});
