import { inquiryRecord, quoteRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { InquiryCard } from '../src/features/inquiries/InquiryCard';
import { LeadSources } from '../src/features/summary/LeadSources';
import { stubFetch } from './utils';

const renderIn = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const SOURCES = {
  from: '2025-12-01T05:00:00.000Z',
  to: '2026-12-01T05:00:00.000Z',
  sources: [
    { source: 'facebook', requests: 4, booked: 1, revenue: 150 },
    { source: 'google', requests: 10, booked: 6, revenue: 1240.5 },
    { source: 'yelp', requests: 0, booked: 0, revenue: 0 },
    { source: 'unknown', requests: 2, booked: 0, revenue: 0 },
  ],
};

describe('where leads come from (summary)', () => {
  it('draws a bar per source, best earner first, and keeps the numbers in a table for screen readers', async () => {
    stubFetch({ 'GET /api/summary/lead_sources': { body: SOURCES } });
    renderIn(<LeadSources />);
    const table = await screen.findByRole('table', {
      name: 'Requests, booked and revenue per source, last 12 months',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['SourceRequestsBookedRevenue', 'Google106$1,240.50', 'Facebook41$150.00', 'Not said20$0.00']);
    // The bars: requests against the busiest source, booked as a share of each source's requests.
    const figure = table.closest('figure') as HTMLElement;
    const bars = figure.querySelectorAll<HTMLElement>('ul [style]');
    const widths = [...bars].map((b) => b.style.width);
    expect(widths.slice(0, 3)).toEqual(['100%', '60%', '100%']); // Google: requests, booked share, revenue
    expect(widths.slice(3, 5)).toEqual(['40%', '25%']); // Facebook: 4 of 10 requests, 1 of 4 booked
    expect(within(figure).getByText('6 of 10 booked')).toBeTruthy();
    expect(within(figure).getByText('Google brought the most: $1,240.50 from 6 booked.')).toBeTruthy();
  });

  it('says when there is nothing yet, and offers a retry when loading fails', async () => {
    let fail = true;
    stubFetch({
      'GET /api/summary/lead_sources': () =>
        fail ? { status: 500, body: { error: 'boom' } } : { body: { ...SOURCES, sources: [] } },
    });
    renderIn(<LeadSources />);
    expect(screen.getByRole('status').textContent).toBe('Loading lead sources...');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the lead sources.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No booking requests in the last 12 months yet.')).toBeTruthy();
  });
});

describe("an inquiry's card", () => {
  const base = inquiryRecord({ id: 7, description: 'Three bedrooms' });

  it('shows the quote, where the visitor heard of us, the campaign and the referrer', () => {
    stubFetch({});
    renderIn(
      <InquiryCard
        inquiry={{
          ...base,
          quote: quoteRecord({ bedrooms: 2, frequency: 'weekly', amount: 144.5, duration_minutes: 150 }, [
            ['Standard Clean', 150, 120],
            ['1 more bedroom', 20, 30],
            ['Weekly discount (15%)', -25.5, 0],
          ]),
          heard_from: 'nextdoor',
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: 'spring',
          referrer: 'https://nextdoor.com/p/abc',
        }}
      />,
    );
    expect(screen.getByText('Heard from').nextSibling?.textContent).toBe('Nextdoor');
    expect(screen.getByText('Campaign').nextSibling?.textContent).toBe('newsletter / email / spring');
    expect(screen.getByText('Referrer').nextSibling?.textContent).toBe('https://nextdoor.com/p/abc');
    const quote = screen.getByRole('table', { name: 'Quote, line by line' });
    expect(within(quote).getAllByRole('row').at(-1)?.textContent).toBe('Quoted$144.50');
    expect(screen.getByText('About 2 h 30 min · Weekly')).toBeTruthy();
  });

  it('shows none of it for a lead without them', () => {
    stubFetch({});
    renderIn(<InquiryCard inquiry={base} />);
    expect(screen.queryByText('Heard from')).toBeNull();
    expect(screen.queryByText('Campaign')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
