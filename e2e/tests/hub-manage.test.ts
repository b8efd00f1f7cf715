import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/admin';
import { DESKTOP, horizontalOverflow, openPage, PHONE, useBrowser } from '../support/browser';
import { api, call, createInquiry, openHubPage, signInToHub } from '../support/hub';

const stamp = Date.now().toString(36);
const PERSON = `Hub Manage ${stamp}`;
const CLIENT = `Hub Cleanings ${stamp}`;
const BATCH = `batch-${stamp}`;
const phoneDigits = `860555${String(Date.now() % 10_000).padStart(4, '0')}`;
const phoneShown = `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`;

type Listed = { id: number };
const browser = useBrowser();
let page: Page;
let personId = 0;
let clientId = 0;
let scheduleId = 0;
const reviewIds: number[] = [];

/** A date-time next year (never an "old record"), as the datetime-local inputs give it. */
const nextYear = new Date().getFullYear() + 1;
const future = (day: number, time = '10:00') => `${nextYear}-03-${String(day).padStart(2, '0')}T${time}`;

beforeAll(async () => {
  personId = (await createInquiry(PERSON, { phone_number: phoneDigits })).id;
  clientId = (await createInquiry(CLIENT, { phone_number: '8605550166' })).id;
  for (let i = 1; i <= 6; i++) {
    await api('POST', '/api/one_time_cleanings', {
      inquiry_id: clientId,
      date_time: future(i),
      amount: 100 + i,
      paid: i % 2 === 0,
      notes: `${BATCH} visit ${i}`,
    });
  }
  scheduleId = (
    await api<Listed>('POST', '/api/recurring_payments', {
      inquiry_id: clientId,
      amount: 90,
      frequency: `Fortnightly ${stamp}`,
      notes: `Gate code ${stamp}`,
    })
  ).id;
  await api('POST', '/api/recurring_paid', {
    recurring_payment_id: scheduleId,
    dates_related: [future(2, '09:00'), future(16, '09:00')],
    amount_paid: 180,
    notes: `Paid by card ${stamp}`,
  });
  for (const who of ['A', 'B']) {
    const res = await api<Listed>(
      'POST',
      '/api/reviews',
      { reviewer_name: `Hub Reviewer ${who} ${stamp}`, rating: 2, comment: 'Waiting for moderation.' },
      null,
    );
    reviewIds.push(res.id);
  }
  page = await openPage(browser(), { viewport: DESKTOP });
  await signInToHub(page, 'manage');
});

afterAll(async () => {
  await api('PATCH', '/api/contact-status', { is_open: true }).catch(() => {});
  for (const id of [personId, clientId]) {
    if (id) await api('DELETE', `/api/inquiries/${id}?with_dependants=true`).catch(() => {});
  }
  for (const id of reviewIds) await api('DELETE', `/api/reviews/${id}`).catch(() => {});
  await page?.context().close();
});

const section = (name: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
const article = (scope: Locator | Page, name: string) => scope.getByRole('article', { name, exact: true });
const countLine = (scope: Locator, pattern: RegExp) => scope.getByText(pattern).first();

async function countOf(scope: Locator, noun: RegExp): Promise<number> {
  const line = countLine(scope, noun);
  await line.waitFor();
  return Number(/^(\d+)/.exec((await line.textContent()) ?? '')?.[1] ?? Number.NaN);
}

describe('Manage', () => {
  it('lists the sections top to bottom as docs/product.md#manage orders them', async () => {
    const panel = page.getByRole('tabpanel', { name: 'Manage' });
    await panel.getByRole('heading', { name: 'Cleanup Old Records' }).waitFor();
    const headings = await panel.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Contact Form',
      'Inquiries',
      'One-Time Cleanings',
      'Recurring Scheduler',
      'Recurring Paid Records',
      'Pending Reviews',
      'Cleanup Old Records',
    ]);
  });

  it('pages inquiries 6 at a time with Previous / Next and Page X of Y', async () => {
    const inquiries = section('Inquiries');
    const total = await countOf(inquiries, /^\d+ inquiries/);
    const pages = Math.ceil(total / 6);
    expect(pages).toBeGreaterThanOrEqual(2);
    await inquiries.getByText(`Page 1 of ${pages}`).waitFor();
    expect(await inquiries.getByRole('article').count()).toBe(6);
    expect(await inquiries.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const firstOnPage1 = await inquiries.getByRole('article').first().getAttribute('aria-label');
    await inquiries.getByRole('button', { name: 'Next' }).click();
    await inquiries.getByText(`Page 2 of ${pages}`).waitFor();
    await expect
      .poll(() => inquiries.getByRole('article').first().getAttribute('aria-label'))
      .not.toBe(firstOnPage1);
    expect(await inquiries.getByRole('article').count()).toBeLessThanOrEqual(6);
    await inquiries.getByRole('button', { name: 'Previous' }).click();
    await inquiries.getByText(`Page 1 of ${pages}`).waitFor();
  });

  it('searches inquiries by name, phone number and status in the database', async () => {
    const inquiries = section('Inquiries');
    const name = inquiries.getByLabel('Search by Name');
    await name.fill(PERSON);
    await inquiries.getByText('1 inquiry', { exact: true }).waitFor();
    expect(await inquiries.getByRole('article').count()).toBe(1);
    await article(inquiries, `Inquiry from ${PERSON}`).waitFor();
    await name.fill('');

    // Typed the way it is shown: the formatting is ignored.
    await inquiries.getByLabel('Search by Phone Number').fill(phoneShown);
    await article(inquiries, `Inquiry from ${PERSON}`).waitFor();
    for (const text of await inquiries.getByRole('article').allTextContents())
      expect(text).toContain(phoneShown);
    await inquiries.getByLabel('Search by Phone Number').fill('');

    await name.fill(stamp);
    await inquiries.getByText('2 inquiries', { exact: true }).waitFor();
    const status = inquiries.getByLabel('Search by Status');
    await status.selectOption('Completed');
    await inquiries.getByText('No inquiries match.').waitFor();
    await status.selectOption('New Inquiry');
    await inquiries.getByText('2 inquiries', { exact: true }).waitFor();
    await status.selectOption('');
  });

  it('saves a status change at once, and it survives a reload', async () => {
    const inquiries = section('Inquiries');
    await inquiries.getByLabel('Search by Name').fill(PERSON);
    const card = article(inquiries, `Inquiry from ${PERSON}`);
    await card.waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/inquiries/${personId}`) && r.request().method() === 'PATCH',
    );
    await card.getByLabel('Status', { exact: true }).selectOption('Booked');
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await page.getByRole('tab', { name: 'Manage', selected: true }).waitFor();
    await section('Inquiries').getByLabel('Search by Name').fill(PERSON);
    const again = article(section('Inquiries'), `Inquiry from ${PERSON}`);
    await again.waitFor();
    expect(await again.getByLabel('Status', { exact: true }).inputValue()).toBe('Booked');
    await section('Inquiries').getByLabel('Search by Status').selectOption('Booked');
    await section('Inquiries').getByText('1 inquiry', { exact: true }).waitFor();
    await section('Inquiries').getByLabel('Search by Status').selectOption('');
  });

  it('edits an inquiry: phone shown (XXX) XXX-XXXX while typing, digits only, at most 10; N/A when empty', async () => {
    const inquiries = section('Inquiries');
    await inquiries.getByLabel('Search by Name').fill(PERSON);
    const card = article(inquiries, `Inquiry from ${PERSON}`);
    await card.getByRole('button', { name: `Edit inquiry from ${PERSON}` }).click();
    const editor = inquiries.getByRole('form', { name: `Edit inquiry from ${PERSON}` });
    const phone = editor.getByLabel('Phone Number');
    expect(await phone.inputValue()).toBe(phoneShown);
    await phone.fill('');
    await phone.pressSequentially('860');
    expect(await phone.inputValue()).toBe('(860');
    await phone.pressSequentially('5x5-5');
    expect(await phone.inputValue()).toBe('(860) 555');
    await phone.pressSequentially('1234999');
    expect(await phone.inputValue()).toBe('(860) 555-1234');
    await phone.press('Backspace');
    expect(await phone.inputValue()).toBe('(860) 555-123');
    await phone.pressSequentially('4');
    await editor.getByLabel('Email').fill(`edited.${stamp}@example.com`);
    await editor.getByLabel('Call or Text').selectOption('call');
    await editor.getByLabel('Description').fill('Edited in the hub.');
    await editor.getByRole('button', { name: 'Save' }).click();

    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Phone(860) 555-1234');
    expect(text).toContain(`edited.${stamp}@example.com`);
    expect(text).toContain('Edited in the hub.');
    const [stored] = await api<Array<{ phone_number: string; call_or_text: string }>>(
      'GET',
      `/api/inquiries?name=${encodeURIComponent(PERSON)}`,
    );
    expect(stored).toMatchObject({ phone_number: '8605551234', call_or_text: 'call' });

    // Cancel changes nothing; with the phone emptied, the card offers the e-mail the customer gave.
    await card.getByRole('button', { name: `Edit inquiry from ${PERSON}` }).click();
    await editor.getByLabel('Name').fill('Someone Else');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await card.waitFor();
    await card.getByRole('button', { name: `Edit inquiry from ${PERSON}` }).click();
    await editor.getByLabel('Phone Number').fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await card.getByText(`E-mail (edited.${stamp}@example.com)`).waitFor();
    expect(await card.textContent()).not.toContain('Phone(860)');
  });

  it('deletes an inquiry that cleanings refer to only after a second confirmation', async () => {
    await api('POST', '/api/one_time_cleanings', { inquiry_id: personId, date_time: future(20), amount: 60 });
    const inquiries = section('Inquiries');
    await inquiries.getByLabel('Search by Name').fill(PERSON);
    const card = article(inquiries, `Inquiry from ${PERSON}`);
    await card.getByRole('button', { name: `Delete inquiry from ${PERSON}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete inquiry?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: `Delete inquiry from ${PERSON}` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    // The server refuses: its message shows, and a second button deletes everything.
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/one-time cleaning/);
    expect(await card.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete Everything' }).click();
    await dialog.waitFor({ state: 'detached' });
    await inquiries.getByText('No inquiries match.').waitFor();
    const res = await call(`/api/one_time_cleanings?search=${encodeURIComponent(PERSON)}`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(await res.json()).toEqual([]);
    personId = 0;
    await inquiries.getByLabel('Search by Name').fill('');
  });

  it('searches one-time cleanings by notes, inquiry name or the word paid, 5 a page', async () => {
    const cleanings = section('One-Time Cleanings');
    const search = cleanings.getByLabel('Search One-Time Cleanings');
    await search.fill(BATCH);
    await cleanings.getByText('6 one-time cleanings').waitFor();
    await cleanings.getByText('Page 1 of 2').waitFor();
    expect(await cleanings.getByRole('article').count()).toBe(5);
    await cleanings.getByRole('button', { name: 'Next' }).click();
    await cleanings.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => cleanings.getByRole('article').count()).toBe(1);

    await search.fill(CLIENT);
    await cleanings.getByText('6 one-time cleanings').waitFor();
    await cleanings.getByText('Page 1 of 2').waitFor();

    await search.fill('paid');
    const expected = Number(
      (
        await call('/api/one_time_cleanings?search=paid&page=1&limit=5', {
          headers: { authorization: `Bearer ${await adminToken()}` },
        })
      ).headers.get('x-total-count'),
    );
    await cleanings.getByText(`${expected} one-time cleaning`).waitFor();
    for (const text of await cleanings.getByRole('article').allTextContents()) {
      expect(/PaidYes/.test(text) || /paid/i.test(text.replace(/Paid(Yes|No)/, ''))).toBe(true);
    }
  });

  it('edits and deletes a one-time cleaning', async () => {
    const cleanings = section('One-Time Cleanings');
    await cleanings.getByLabel('Search One-Time Cleanings').fill(`${BATCH} visit 3`);
    const card = article(cleanings, `One-time cleaning for ${CLIENT}`);
    await cleanings.getByText('1 one-time cleaning', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Edit one-time cleaning for ${CLIENT}` }).click();
    const editor = cleanings.getByRole('form', { name: `Edit one-time cleaning for ${CLIENT}` });
    // The stored time shows as New York wall time, not the browser's Berlin time.
    expect(await editor.getByLabel('Date and Time').inputValue()).toBe(future(3));
    await editor.getByLabel('Amount', { exact: true }).fill('99.5');
    await editor.getByRole('button', { name: '10% Off' }).click();
    expect(await editor.getByLabel('Amount', { exact: true }).inputValue()).toBe('89.55');
    await editor.getByLabel('Date and Time').fill(future(4, '19:45'));
    await editor.getByRole('checkbox', { name: 'Paid' }).check();
    await editor.getByLabel('Notes').fill(`${BATCH} visit 3 moved`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await card.getByText('$89.55').waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`March 4, ${nextYear} at 7:45 PM`);
    expect(text).toMatch(/PaidYes/);
    expect(text).toContain('visit 3 moved');

    await card.getByRole('button', { name: `Delete one-time cleaning for ${CLIENT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete one-time cleaning?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await cleanings.getByText('No one-time cleanings match.').waitFor();
    await cleanings.getByLabel('Search One-Time Cleanings').fill(BATCH);
    await cleanings.getByText('5 one-time cleanings').waitFor();
    expect(await cleanings.getByRole('navigation', { name: 'One-time cleanings pages' }).count()).toBe(0);
  });

  it('searches the recurring scheduler by inquiry name, frequency and notes, and edits a schedule', async () => {
    const scheduler = section('Recurring Scheduler');
    const card = article(scheduler, `Recurring payment schedule for ${CLIENT}`);
    for (const [label, text] of [
      ['Search by Inquiry Name', CLIENT],
      ['Search by Frequency', `fortnightly ${stamp}`],
      ['Search by Notes', `gate code ${stamp}`],
    ] as const) {
      await scheduler.getByLabel(label).fill(text);
      await scheduler.getByText('1 recurring payment schedule', { exact: true }).waitFor();
      await card.waitFor();
      await scheduler.getByLabel(label).fill('');
    }
    await scheduler.getByLabel('Search by Frequency').fill(`no such frequency ${stamp}`);
    await scheduler.getByText('No recurring payment schedules match.').waitFor();
    await scheduler.getByLabel('Search by Frequency').fill('');

    await scheduler.getByLabel('Search by Notes').fill(`gate code ${stamp}`);
    await card.getByRole('button', { name: `Edit recurring payment schedule for ${CLIENT}` }).click();
    const editor = scheduler.getByRole('form', { name: `Edit recurring payment schedule for ${CLIENT}` });
    await editor.getByLabel('Amount', { exact: true }).fill('95.25');
    await editor.getByLabel('Frequency').selectOption('Monthly');
    await editor.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Monthly', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('$95.25');
  });

  it('searches paid records by name (debounced), edits their dates and deletes one', async () => {
    const paid = section('Recurring Paid Records');
    const requests: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      if (r.url().includes('/api/recurring_paid?'))
        requests.push(new URL(r.url()).searchParams.get('name') ?? '');
    };
    page.on('request', onRequest);
    await paid.getByLabel('Search Paid Records by Name').pressSequentially(CLIENT, { delay: 20 });
    const card = article(paid, `Recurring paid record for ${CLIENT}`);
    await paid.getByText('1 recurring paid record', { exact: true }).waitFor();
    await card.waitFor();
    page.off('request', onRequest);
    // One request for the whole name, none per keystroke.
    expect(requests).toEqual([CLIENT]);
    expect(await card.getByRole('listitem').allTextContents()).toEqual([
      `March 2, ${nextYear} at 9:00 AM`,
      `March 16, ${nextYear} at 9:00 AM`,
    ]);

    await card.getByRole('button', { name: `Edit recurring paid record for ${CLIENT}` }).click();
    const editor = paid.getByRole('form', { name: `Edit recurring paid record for ${CLIENT}` });
    expect(await editor.getByLabel('Date 1', { exact: true }).inputValue()).toBe(future(2, '09:00'));
    await editor.getByRole('button', { name: 'Add Date' }).click();
    await editor.getByLabel('Date 3', { exact: true }).fill(future(30, '22:30'));
    await editor.getByRole('button', { name: 'Remove date 1' }).click();
    await editor.getByLabel('Amount Paid:').fill('200');
    await editor.getByRole('button', { name: 'Save' }).click();
    await card.getByText('$200.00').waitFor();
    expect(await card.getByRole('listitem').allTextContents()).toEqual([
      `March 16, ${nextYear} at 9:00 AM`,
      `March 30, ${nextYear} at 10:30 PM`,
    ]);

    await card.getByRole('button', { name: `Delete recurring paid record for ${CLIENT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete recurring paid record?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await paid.getByText('No recurring paid records match.').waitFor();
  });

  it('deletes a schedule with paid records only after a second confirmation', async () => {
    await api('POST', '/api/recurring_paid', {
      recurring_payment_id: scheduleId,
      dates_related: future(9),
      amount_paid: 90,
    });
    const scheduler = section('Recurring Scheduler');
    const card = article(scheduler, `Recurring payment schedule for ${CLIENT}`);
    await card.getByRole('button', { name: `Delete recurring payment schedule for ${CLIENT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete recurring payment schedule?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/paid record/);
    await dialog.getByRole('button', { name: 'Delete Everything' }).click();
    await scheduler.getByText('No recurring payment schedules match.').waitFor();
    // The agenda-bound paid records went with it.
    const paid = section('Recurring Paid Records');
    await paid.getByLabel('Search Paid Records by Name').fill(CLIENT);
    await paid.getByText('No recurring paid records match.').waitFor();
  });

  it('edits, approves and deletes pending reviews', async () => {
    const reviews = section('Pending Reviews');
    const a = `Hub Reviewer A ${stamp}`;
    const b = `Hub Reviewer B ${stamp}`;
    const edited = `Hub Reviewer Edited ${stamp}`;
    await article(reviews, `Review by ${a}`).waitFor();

    await reviews.getByRole('button', { name: `Edit review by ${a}` }).click();
    const editor = reviews.getByRole('form', { name: `Edit review by ${a}` });
    await editor.getByLabel('Reviewer Name').fill(edited);
    await editor.getByLabel('Rating').fill('6');
    await editor.getByLabel('Comment').fill('Lovely work, edited for spelling.');
    await editor.getByLabel('Photo URL').fill('not a link');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Rating must be from 1 to 5.').waitFor();
    await editor
      .getByText('Photo URL must be an https:// link or a path on this site such as /demo/photo.jpg.')
      .waitFor();
    await editor.getByLabel('Rating').fill('4');
    await editor.getByLabel('Photo URL').fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    const card = article(reviews, `Review by ${edited}`);
    await card.waitFor();
    expect(await card.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1);
    expect(await card.textContent()).toContain('Lovely work, edited for spelling.');

    await card.getByRole('button', { name: `Approve review by ${edited}` }).click();
    await reviews
      .getByRole('status')
      .filter({ hasText: `Review by ${edited} approved.` })
      .waitFor();
    await card.waitFor({ state: 'detached' });
    const published = await api<Array<{ reviewer_name: string }>>('GET', '/api/reviews', undefined, null);
    expect(published.some((r) => r.reviewer_name === edited)).toBe(true);

    await reviews.getByRole('button', { name: `Delete review by ${b}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete review?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await article(reviews, `Review by ${b}`).waitFor({ state: 'detached' });
    const pending = await api<Array<{ reviewer_name: string }>>('GET', '/api/reviews/pending');
    expect(pending.some((r) => r.reviewer_name === b)).toBe(false);
  });

  it('closes and reopens the contact form, which /contact follows', async () => {
    const toggle = section('Contact Form');
    await toggle.getByText('Open', { exact: true }).waitFor();
    // Hold the change to see 'Updating...'.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact-status', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await toggle.getByRole('button', { name: 'Close Contact Form' }).click();
    await toggle.getByRole('button', { name: 'Updating...' }).waitFor();
    expect(await toggle.getByRole('button', { name: 'Updating...' }).isDisabled()).toBe(true);
    release();
    await toggle.getByRole('button', { name: 'Open Contact Form' }).waitFor();
    expect(await toggle.textContent()).toContain('The contact form is closed');
    await page.unroute('**/api/contact-status');

    const visitor = await openPage(browser());
    await visitor.goto('/contact');
    await visitor.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    await visitor.getByRole('status').first().waitFor();
    expect(await visitor.locator('main form').count()).toBe(0);

    await toggle.getByRole('button', { name: 'Open Contact Form' }).click();
    await toggle.getByRole('button', { name: 'Close Contact Form' }).waitFor();
    expect(await toggle.textContent()).toContain('The contact form is open');
    await visitor.reload();
    await visitor.locator('main form').first().waitFor();
    await visitor.context().close();
  });
});

describe('Manage at phone width', () => {
  it('stacks the cards and keeps the page within 375 px', async () => {
    const phone = await openHubPage(browser(), { viewport: PHONE }, '/contact-center?tab=manage');
    await phone.getByRole('heading', { name: 'Cleanup Old Records' }).waitFor();
    await phone.getByRole('article').first().waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    const widths = await phone
      .getByRole('article')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    for (const w of widths) expect(w).toBeLessThanOrEqual(375);
    await phone.context().close();
  });
});
