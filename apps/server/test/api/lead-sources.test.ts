import type { LeadSources } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { summaryStore } from '../../src/features/summary/store';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

const t = useTestApp();
const add = records(t);
const DAY = 86_400_000;

const row = (body: LeadSources, source: string) => body.sources.find((s) => s.source === source);

describe('GET /api/summary/lead_sources', () => {
  it.each(NOT_ADMIN)('is refused with %s', async (_name, token) => {
    await expectRefused(
      async () => null,
      { status: 401 },
      () => t.injectAs(token(t))('GET', '/api/summary/lead_sources'),
    );
  });

  it('counts requests, booked and revenue per source over the last 12 months; older ones are left out', async () => {
    await add.clearAll();
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    // Nextdoor: three requests; one booked by status, one by a paid cleaning, one never booked.
    await add.inquiry('N1', { heardFrom: 'nextdoor', status: 'Booked', submittedAt: ago(30) });
    const n2 = await add.inquiry('N2', { heardFrom: 'nextdoor', submittedAt: ago(60) });
    await add.cleaning(n2, { amount: 120.25, paid: true, dateTime: ago(50) });
    await add.cleaning(n2, { amount: 99, paid: false, dateTime: ago(45) }); // not paid: no revenue
    await add.inquiry('N3', { heardFrom: 'nextdoor', submittedAt: ago(10) });
    // Google: one request with a schedule and two paid records, one of them before the window.
    const g1 = await add.inquiry('G1', { heardFrom: 'google', submittedAt: ago(20) });
    const schedule = await add.schedule(g1);
    await add.paidRecord(schedule, [], { amountPaid: 80.1, submittedAt: ago(5) });
    await add.paidRecord(schedule, [], { amountPaid: 500, submittedAt: ago(800) });
    // No answer (a phone lead): 'unknown'. And a request from long ago, outside the window entirely.
    await add.inquiry('U1', { status: 'Completed', submittedAt: ago(3) });
    await add.inquiry('Old', { heardFrom: 'yelp', status: 'Booked', submittedAt: ago(500) });

    const res = await t.asAdmin('GET', '/api/summary/lead_sources');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LeadSources>();
    expect(body.sources.map((s) => s.source)).toEqual([
      'google',
      'facebook',
      'nextdoor',
      'friend',
      'yelp',
      'other',
      'unknown',
    ]);
    expect(row(body, 'nextdoor')).toEqual({ source: 'nextdoor', requests: 3, booked: 2, revenue: 120.25 });
    expect(row(body, 'google')).toEqual({ source: 'google', requests: 1, booked: 1, revenue: 80.1 });
    expect(row(body, 'unknown')).toEqual({ source: 'unknown', requests: 1, booked: 1, revenue: 0 });
    expect(row(body, 'yelp')).toEqual({ source: 'yelp', requests: 0, booked: 0, revenue: 0 });
    expect(Date.parse(body.from)).toBeLessThan(now - 330 * DAY);
    expect(Date.parse(body.to)).toBeGreaterThan(now);
  });

  it('takes its clock as a parameter: the window is the business’s 12 months up to that day', async () => {
    await add.clearAll();
    const zone = t.config.timezone;
    // America/New_York by default: 2027-03-15 noon local; the window is 2026-04-01 to 2027-04-01 local.
    expect(zone).toBe('America/New_York');
    const now = new Date('2027-03-15T16:00:00Z');
    await add.inquiry('Edge in', { heardFrom: 'friend', submittedAt: new Date('2026-04-01T04:00:00Z') });
    await add.inquiry('Edge out', { heardFrom: 'friend', submittedAt: new Date('2026-04-01T03:59:59Z') });
    const later = await add.inquiry('Later', {
      heardFrom: 'other',
      submittedAt: new Date('2027-03-31T12:00:00Z'),
    });
    await add.cleaning(later, { amount: 0.1, paid: true, dateTime: new Date('2027-03-31T13:00:00Z') });
    await add.cleaning(later, { amount: 0.2, paid: true, dateTime: new Date('2027-03-31T14:00:00Z') });
    const body = await summaryStore(t.db).leadSources(zone, now);
    expect(body.from).toBe('2026-04-01T04:00:00.000Z');
    expect(body.to).toBe('2027-04-01T04:00:00.000Z');
    expect(row(body, 'friend')).toMatchObject({ requests: 1, booked: 0 });
    // Sums are exact to the cent (0.1 + 0.2 is 0.3, not 0.30000000000000004).
    expect(row(body, 'other')).toEqual({ source: 'other', requests: 1, booked: 1, revenue: 0.3 });
  });
});
