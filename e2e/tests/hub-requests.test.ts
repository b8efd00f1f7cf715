import { describe, expect, it } from 'vitest';
import { DESKTOP, useBrowser } from '../support/browser';
import { api, businessToday, createInquiry, openHubPage } from '../support/hub';

/**
 * docs/product.md#open-times-and-holds: a visitor's request holds one of the open times; the owner sees it on the
 * Agenda as 'Requested: NAME', confirms it in one tap, and the Agenda shows the booked cleaning in its place.
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);

type Visit = { key: string; kind: string; status: string; inquiry_id: number; start: string };
type Inquiry = { id: number; status: string };

describe('booking requests on the Agenda', () => {
  it('shows a held time as Requested and confirms it from its panel', async () => {
    const { year, month, day } = businessToday();
    const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    // The visitor's choices, priced by the demo table: the held time is as long as the quote says.
    const pricing = await api<{ packages: Array<{ package_id: number }> }>(
      'GET',
      '/api/pricing',
      undefined,
      null,
    );
    const choices = {
      package_id: pricing.packages[0]?.package_id,
      bedrooms: 2,
      bathrooms: 1,
      frequency: 'one_time',
    };
    const quote = await api<{ amount: number; duration_minutes: number }>(
      'GET',
      `/api/quote?${new URLSearchParams(Object.entries(choices).map(([k, v]) => [k, String(v)]))}`,
      undefined,
      null,
    );
    const slots = await api<string[]>(
      'GET',
      `/api/slots?from=${today}&duration_minutes=${quote.duration_minutes}`,
      undefined,
      null,
    );
    // The last open time: the other journeys' requests and cleanings of these days stay clear of it.
    const start = slots.at(-1);
    if (!start) throw new Error('no open time in the next 21 days');
    const name = `Request Tester ${stamp}`;
    const inquiry = await createInquiry(name, {
      // Its own phone: the hub journeys' shared one may have two requests waiting already (a third is a 429).
      phone_number: `860555${String(Date.now()).slice(-4)}`,
      requested_start: start,
      street_address: '12 Oak St',
      quote: { ...choices, extras: [] },
      heard_from: 'nextdoor',
    });
    const title = `Requested: ${name}`;
    const startDay = start.slice(0, 10);
    const visitsOfDay = () => api<Visit[]>('GET', `/api/visits?from=${startDay}&to=${startDay}`);
    const held = (await visitsOfDay()).find((v) => v.inquiry_id === inquiry.id);
    expect(held?.status).toBe('requested');

    const page = await openHubPage(browser(), { viewport: DESKTOP });
    await page.locator('.rbc-month-view').waitFor();
    // The time may fall in a later month than today's (up to 21 days out).
    const months = (Number(start.slice(0, 4)) - year) * 12 + Number(start.slice(5, 7)) - month;
    for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
    const event = page.getByRole('button', { name: title }).first();
    await event.waitFor();
    expect(
      await event.evaluate((el) => el.closest('.rbc-event')?.classList.contains('hub-event-request')),
    ).toBe(true);
    await event.click();
    const panel = page.getByRole('dialog', { name: title });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('Time asked for');
    const money = `$${quote.amount.toFixed(2)}`;
    await panel.getByRole('table', { name: 'Quote, line by line' }).getByText(money).last().waitFor();
    expect(await panel.getByRole('table', { name: 'Quote, line by line' }).textContent()).toContain(
      '1 more bedroom',
    );
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await panel.getByText('Confirmed: it is on the calendar and the inquiry is Booked.').waitFor();
    await panel.getByRole('button', { name: 'Close' }).last().click();
    // The Agenda read again: the request is now the one-time cleaning it became.
    await page
      .getByRole('button', { name: `One-Time: ${name}` })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: title }).count()).toBe(0);

    const after = (await visitsOfDay()).filter((v) => v.inquiry_id === inquiry.id);
    expect(after.map((v) => [v.kind, v.status, new Date(v.start).toISOString()])).toEqual([
      ['one_time', 'planned', new Date(start).toISOString()],
    ]);
    const [lead] = await api<Inquiry[]>('GET', `/api/inquiries?name=${encodeURIComponent(name)}`);
    expect(lead?.status).toBe('Booked');
    await page.context().close();
  });
});
