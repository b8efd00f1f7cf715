import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, horizontalOverflow, openPage, PHONE, useBrowser } from '../support/browser';
import { api, businessToday, createInquiry, openHubPage, openTab, signInToHub } from '../support/hub';

// The browser runs in Europe/Berlin (openPage); the business is in New York. Late-evening New York times are
// already the next day in Berlin, so a wrong zone shows up as a wrong day as well as a wrong hour.

const stamp = Date.now().toString(36);
const CLIENT = `Hub Create ${stamp}`;
const { year, month } = businessToday();
const mm = String(month).padStart(2, '0');
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
  new Date(Date.UTC(year, month - 1, 1)),
);

const browser = useBrowser();
let inquiryId = 0;

beforeAll(async () => {
  inquiryId = (await createInquiry(CLIENT)).id;
});

afterAll(async () => {
  // Leave the shared demo data as it was: the inquiry and everything created for it go.
  if (inquiryId) await api('DELETE', `/api/inquiries/${inquiryId}?with_dependants=true`).catch(() => {});
});

/** Picks `name` in a react-select selector labelled `label`, typing to search the server. */
async function choose(scope: Locator, label: string, name: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(name);
  await scope
    .page()
    .getByRole('option', { name: new RegExp(name) })
    .click();
}

const form = (page: Page, name: string) => page.getByRole('form', { name });

/** The month-view day cell (not the greyed days of other months) whose number is `day`. */
function dayCellBox(page: Page, day: number) {
  return page
    .locator('.rbc-date-cell:not(.rbc-off-range)')
    .filter({ hasText: new RegExp(`^0?${day}$`) })
    .first()
    .boundingBox();
}

/** Asserts the event lies in the column and row of the day cell. */
async function expectOnDay(page: Page, event: Locator, day: number) {
  const cell = await dayCellBox(page, day);
  const box = await event.boundingBox();
  expect(cell && box).toBeTruthy();
  if (!cell || !box) return;
  const centre = box.x + box.width / 2;
  expect(centre).toBeGreaterThan(cell.x);
  expect(centre).toBeLessThan(cell.x + cell.width);
  // Events sit just below their date number, inside the same week row (a row is ~80 px high).
  expect(box.y).toBeGreaterThan(cell.y);
  expect(box.y - cell.y).toBeLessThan(80);
}

describe('Create Cleaning → Agenda → Manage', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openPage(browser(), { viewport: DESKTOP });
    await signInToHub(page, 'manage');
    // Manage stays mounted once seen: its lists must update without a reload after the creates below.
    await page.getByRole('heading', { name: 'One-Time Cleanings' }).waitFor();
    await openTab(page, 'Create Cleaning');
  });

  afterAll(() => page?.context().close());

  it('shows three collapsed forms behind title buttons that toggle them', async () => {
    const titles = [
      ['Create One-Time Cleaning', 'Hide One-Time Cleaning Form'],
      ['Create Recurring Payment Schedule', 'Hide Recurring Payment Schedule Form'],
      ['Create Recurring Paid Record', 'Hide Recurring Paid Record Form'],
    ] as const;
    for (const [show, hide] of titles) {
      const button = page.getByRole('button', { name: show, exact: true });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await form(page, show).isVisible()).toBe(false);
      await button.click();
      const hideButton = page.getByRole('button', { name: hide, exact: true });
      expect(await hideButton.getAttribute('aria-expanded')).toBe('true');
      await form(page, show).waitFor();
      await hideButton.click();
      await form(page, show).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: show, exact: true }).click();
    }
  });

  it("shows the server's refusal in red when a one-time cleaning lacks its inquiry", async () => {
    const f = form(page, 'Create One-Time Cleaning');
    await f.getByLabel('Amount', { exact: true }).fill('50');
    await f.getByRole('button', { name: 'Create Cleaning' }).click();
    const alert = f.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/inquiry/i);
    // Red: the error tone of the alert box.
    expect(await alert.getAttribute('class')).toMatch(/\btext-red-\d+/);
    await f.getByLabel('Amount', { exact: true }).fill('');
  });

  it('creates a one-time cleaning with the discount buttons and resets the form', async () => {
    const f = form(page, 'Create One-Time Cleaning');
    await choose(f, 'Inquiry', CLIENT);
    await f.getByLabel('Date and Time').fill(`${year}-${mm}-15T21:30`);
    const amount = f.getByPlaceholder('Enter Amount');
    await f.getByRole('button', { name: '10% Off' }).click();
    expect(await amount.inputValue()).toBe('0.00');
    await amount.fill('200');
    await f.getByRole('button', { name: '15% Off' }).click();
    expect(await amount.inputValue()).toBe('170.00');
    await f.getByRole('button', { name: '10% Off' }).click();
    expect(await amount.inputValue()).toBe('153.00');
    await f.getByRole('button', { name: '30% Off' }).click();
    expect(await amount.inputValue()).toBe('107.10');
    await amount.fill('153');
    await f.getByPlaceholder('Notes (optional)').fill(`Evening clean ${stamp}`);
    await f.getByRole('checkbox', { name: 'Paid' }).check();
    await f.getByRole('button', { name: 'Create Cleaning' }).click();

    await f
      .getByRole('status')
      .filter({ hasText: `One-time cleaning for ${CLIENT} created.` })
      .waitFor();
    expect(await amount.inputValue()).toBe('');
    expect(await f.getByLabel('Date and Time').inputValue()).toBe('');
    expect(await f.getByRole('checkbox', { name: 'Paid' }).isChecked()).toBe(false);
    expect(await f.getByText('Select an Inquiry').isVisible()).toBe(true);

    const [saved] = await api<Array<{ date_time: string; amount: number; paid: boolean }>>(
      'GET',
      `/api/one_time_cleanings?search=${encodeURIComponent(CLIENT)}`,
    );
    expect(saved).toMatchObject({ amount: 153, paid: true });
    // 21:30 in New York, whatever the browser's zone.
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(saved?.date_time ?? '')),
    ).toBe('9:30 PM');
  });

  it('creates a recurring payment schedule', async () => {
    const f = form(page, 'Create Recurring Payment Schedule');
    await choose(f, 'Inquiry', CLIENT);
    await f.getByPlaceholder('Amount', { exact: true }).fill('120');
    await f.getByLabel('Frequency').selectOption('Weekly');
    await f.getByPlaceholder('Notes (optional)').fill('Tuesday mornings.');
    await f.getByRole('button', { name: 'Create Recurring Payment Schedule' }).click();
    await f
      .getByRole('status')
      .filter({ hasText: `Recurring payment schedule for ${CLIENT} created.` })
      .waitFor();
    expect(await f.getByLabel('Frequency').inputValue()).toBe('');
  });

  it('creates a recurring paid record with a list of dates (Add Date / Remove) and a discount', async () => {
    const f = form(page, 'Create Recurring Paid Record');
    // The schedule created a moment ago is already offered, without a reload.
    await choose(f, 'Client', CLIENT);
    await f.getByLabel('Date 1', { exact: true }).fill(`${year}-${mm}-10T08:00`);
    await f.getByRole('button', { name: 'Add Date' }).click();
    await f.getByLabel('Date 2', { exact: true }).fill(`${year}-${mm}-12T23:15`);
    await f.getByRole('button', { name: 'Add Date' }).click();
    await f.getByLabel('Date 3', { exact: true }).fill(`${year}-${mm}-20T10:00`);
    await f.getByRole('button', { name: 'Remove date 3' }).click();
    expect(await f.getByRole('button', { name: /^Remove date/ }).count()).toBe(2);
    await f.getByLabel('Amount Paid:').fill('100');
    await f.getByRole('button', { name: '30% Off' }).click();
    expect(await f.getByLabel('Amount Paid:').inputValue()).toBe('70.00');
    await f.getByRole('button', { name: 'Create Recurring Paid Record' }).click();

    await f
      .getByRole('status')
      .filter({ hasText: `Recurring paid record for ${CLIENT} created.` })
      .waitFor();
    expect(await f.getByRole('button', { name: /^Remove date/ }).count()).toBe(1);
    expect(await f.getByLabel('Date 1', { exact: true }).inputValue()).toBe('');
    expect(await f.getByLabel('Amount Paid:').inputValue()).toBe('');
  });

  it('shows the one-time cleaning on the agenda on its New York day, with its details', async () => {
    await openTab(page, 'Agenda');
    await page.getByRole('heading', { name: 'Cleaning Calendar' }).waitFor();
    const event = page.getByRole('button', { name: `One-Time: ${CLIENT}` });
    await event.waitFor();
    await expectOnDay(page, event, 15);

    await event.click();
    const panel = page.getByRole('dialog', { name: `One-Time: ${CLIENT}` });
    await panel.waitFor();
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain('One-Time Cleaning');
    expect(text).toContain(CLIENT);
    expect(text).toContain(`${monthName} 15, ${year} at 9:30 PM`);
    expect(text).toContain('(860) 555-0177');
    expect(text).toContain(`Evening clean ${stamp}`);
    expect(text).toMatch(/PaidYes/);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('shows one agenda event per paid date, with the list of paid dates', async () => {
    const events = page.getByRole('button', { name: `Recurring: ${CLIENT}` });
    await events.first().waitFor();
    expect(await events.count()).toBe(2);
    await expectOnDay(page, events.nth(0), 10);
    await expectOnDay(page, events.nth(1), 12);

    // Events are real buttons: the keyboard opens them too.
    await events.nth(1).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: `Recurring: ${CLIENT}` });
    await panel.waitFor();
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain('Recurring Payment');
    expect(text).toContain('Cleaning notesNo notes');
    // The paid dates' list (the other list holds the Call / Text / Email links).
    const paidDates = panel.getByRole('listitem').filter({ hasNot: page.getByRole('link') });
    expect(await paidDates.allTextContents()).toEqual([
      `${monthName} 10, ${year} at 8:00 AM`,
      `${monthName} 12, ${year} at 11:15 PM`,
    ]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // Focus returns to the event that opened the panel.
    expect(await events.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('lists the three new records in Manage without a reload', async () => {
    await openTab(page, 'Manage');
    const oneTime = page.getByRole('article', { name: `One-time cleaning for ${CLIENT}` });
    await page.getByLabel('Search One-Time Cleanings').fill(CLIENT);
    await oneTime.waitFor();
    const oneTimeText = (await oneTime.textContent()) ?? '';
    expect(oneTimeText).toContain(`${monthName} 15, ${year} at 9:30 PM`);
    expect(oneTimeText).toContain('$153.00');
    expect(oneTimeText).toMatch(/PaidYes/);

    await page.getByLabel('Search by Inquiry Name').fill(CLIENT);
    const schedule = page.getByRole('article', { name: `Recurring payment schedule for ${CLIENT}` });
    await schedule.waitFor();
    expect(await schedule.textContent()).toContain('FrequencyWeekly');
    expect(await schedule.textContent()).toContain('$120.00');

    await page.getByLabel('Search Paid Records by Name').fill(CLIENT);
    const paid = page.getByRole('article', { name: `Recurring paid record for ${CLIENT}` });
    await paid.waitFor();
    expect(await paid.textContent()).toContain('$70.00');
    expect(await paid.getByRole('listitem').allTextContents()).toEqual([
      `${monthName} 10, ${year} at 8:00 AM`,
      `${monthName} 12, ${year} at 11:15 PM`,
    ]);
  });
});

describe('the hub at phone width', () => {
  it('works at 375 px with no page-level horizontal scroll on any tab', async () => {
    const page = await openHubPage(browser(), { viewport: PHONE });
    await page.getByRole('heading', { name: 'Cleaning Calendar' }).waitFor();
    // A phone starts with the list; the month grid is one tap away and fits too.
    await page.getByRole('button', { name: 'List', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Month grid' }).click();
    await page.locator('.rbc-month-view').waitFor();
    expect(await page.locator('.rbc-month-view').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Keyboard: arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Agenda' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Manage', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Inquiries' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // Cards stack in one column.
    const [a, b] = await page
      .getByRole('article')
      .evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect().x));
    expect(a).toBe(b);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Create Cleaning', selected: true }).waitFor();
    for (const name of [
      'Create One-Time Cleaning',
      'Create Recurring Payment Schedule',
      'Create Recurring Paid Record',
    ]) {
      await page.getByRole('button', { name, exact: true }).first().click();
    }
    await form(page, 'Create Recurring Paid Record').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('accessibility of the hub (axe)', () => {
  /** Critical and serious violations on the page as it is now. */
  async function violations(page: Page, state: string) {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${state}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('has no critical or serious violations on any tab, with forms, editors and dialogs open, at 375 and 1280 px', async () => {
    const found: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openHubPage(browser(), { viewport, reducedMotion: 'reduce' });
      if (viewport === PHONE) {
        await page
          .getByRole('button', { name: /^Details of/ })
          .first()
          .waitFor();
        found.push(...(await violations(page, `agenda list ${viewport.width}`)));
        await page.getByRole('button', { name: 'Month grid' }).click();
      }
      await page.locator('.rbc-event').first().waitFor();
      found.push(...(await violations(page, `agenda ${viewport.width}`)));
      await page
        .getByRole('button', { name: /^(One-Time|Recurring):/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await violations(page, `event details ${viewport.width}`)));
      await page.keyboard.press('Escape');

      await openTab(page, 'Manage');
      await page.getByText(/^\d+ old records?$/).waitFor();
      found.push(...(await violations(page, `manage ${viewport.width}`)));
      for (const name of [
        /^Edit inquiry/,
        /^Edit one-time/,
        /^Edit recurring payment/,
        /^Edit recurring paid/,
        /^Edit review/,
      ]) {
        const button = page.getByRole('button', { name }).first();
        if (await button.count()) await button.click();
      }
      found.push(...(await violations(page, `manage editors ${viewport.width}`)));

      await openTab(page, 'Create Cleaning');
      for (const name of [
        'Create One-Time Cleaning',
        'Create Recurring Payment Schedule',
        'Create Recurring Paid Record',
      ]) {
        await page.getByRole('button', { name, exact: true }).click();
      }
      found.push(...(await violations(page, `create ${viewport.width}`)));
      await page.context().close();
    }
    expect(found).toEqual([]);
    // About 20 axe scans across both widths: close to a minute on a busy two-core machine.
  }, 150_000);
});
