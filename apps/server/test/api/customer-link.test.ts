import { createHash } from 'node:crypto';
import type { Visit } from '@clean/shared';
import { eq, like } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerLinks, inquiries, mailOutbox, pushOutbox, pushSubscriptions } from '../../src/db/schema';
import { LINK_MISSES, NOTHING_TO_UNDO } from '../../src/features/customer-link/service';
import { NOT_OFFERED, SLOT_TAKEN, TAKEN_SINCE } from '../../src/features/slots/service';
import { customerPages, textOf } from '../support/customer-pages';
import { logCapture } from '../support/log-capture';
import { useMailingApp } from '../support/mailing-app';

/**
 * A customer's personal link (docs/product.md#the-customers-link) against the real SMTP peer: the confirmation
 * carries it, its page lists that customer's visits only, and cancel, skip and reschedule change them until the
 * cutoff — each mailing the owner and the customer (an .ics with the confirmation's UID). The clock is the test's: 1
 * March 2027, noon in New York; the visits are in the week after.
 */
const log = logCapture('info');
let clock = new Date('2027-03-01T17:00:00Z');
const OWNER = 'owner@clean.example';
const { smtp, t } = await useMailingApp(
  { timezone: 'America/New_York', notifyEmail: OWNER },
  { clock: () => clock, logger: log.logger },
);

beforeEach(() => {
  clock = new Date('2027-03-01T17:00:00Z');
});
const pages = customerPages(t, '10.0.0');
const { get, post, created } = pages;
let people = 0;
/** A customer with an e-mail, and a one-time cleaning at `wall` (New York), confirmed by mail: its link. */
async function customerWith(
  visit: { date_time: string } | { first_visit_at: string; frequency: string },
): Promise<{ id: number; email: string; path: string; key: string }> {
  const email = `c${++people}-${Date.now()}@customer.test`;
  const inquiry = await created('/api/inquiries', {
    name: `Customer ${people}`,
    email,
    phone_number: '8605550123',
    call_or_text: 'call',
    town: 'Bristol',
  });
  const row =
    'date_time' in visit
      ? await created('/api/one_time_cleanings', { inquiry_id: inquiry.id, amount: 150, ...visit })
      : await created('/api/recurring_payments', { inquiry_id: inquiry.id, amount: 120, ...visit });
  const mail = await simpleParser((await mailTo(email)).raw);
  const path = /https:\/\/clean\.example(\/visit\/[A-Za-z0-9_-]{22})\b/.exec(mail.text ?? '')?.[1];
  expect(path, mail.text).toBeDefined();
  const start = new Date(`${'date_time' in visit ? visit.date_time : visit.first_visit_at}:00-05:00`);
  const key = 'date_time' in visit ? `o${row.id}` : `r${row.id}-${compact(start)}`;
  return { id: inquiry.id, email, path: path as string, key };
}
const compact = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
/** The n-th mail (from 1) to `address`, once it has arrived. */
async function mailTo(address: string, n = 1) {
  await vi.waitFor(() => expect(mailsTo(address).length).toBeGreaterThanOrEqual(n), {
    timeout: 10_000,
    interval: 50,
  });
  return mailsTo(address)[n - 1] as (typeof smtp.received)[number];
}
async function visitsOn(from: string, to: string): Promise<Visit[]> {
  const res = await t.asAdmin('GET', `/api/visits?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Visit[]>();
}
async function outboxSent() {
  await vi.waitFor(
    async () => {
      expect((await t.db.select().from(mailOutbox)).filter((m) => !m.sentAt)).toEqual([]);
    },
    { timeout: 10_000, interval: 50 },
  );
}
const icsOf = async (raw: string) => {
  const mail = await simpleParser(raw);
  const text = mail.attachments.find((a) => a.filename === 'visit.ics')?.content.toString('utf8') ?? '';
  const [event] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
  return { text, event, mail };
};

describe('the link in the confirmation', () => {
  /** Books the customer another one-time visit and answers its confirmation mail, parsed. */
  const anotherVisit = async (inquiryId: number, dateTime: string) => {
    const before = smtp.received.length;
    await created('/api/one_time_cleanings', { inquiry_id: inquiryId, amount: 90, date_time: dateTime });
    return simpleParser((await smtp.waitFor(before + 1)).raw);
  };

  it('is issued once per customer (only its SHA-256 stored), revoked by the owner, and issued anew after', async () => {
    const ann = await customerWith({ date_time: '2027-03-09T10:00' });
    const token = ann.path.split('/')[2] as string;
    const [stored] = await t.db.select().from(customerLinks).where(eq(customerLinks.inquiryId, ann.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await t.db.select().from(customerLinks))).not.toContain(token);

    // A second visit while the link is live: the mail points to the first one's link (its token is not kept).
    const second = await anotherVisit(ann.id, '2027-03-16T10:00');
    expect(second.text).toContain(
      'To move or cancel your visit, use the personal link in our first confirmation',
    );
    expect(second.text).not.toContain('/visit/');

    expect((await get(ann.path)).statusCode).toBe(200);
    expect((await t.asAdmin('DELETE', `/api/inquiries/${ann.id}/link`)).statusCode).toBe(204);
    const revoked = await get(ann.path);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.body).toContain('This link has ended');
    expect((await t.asAdmin('DELETE', '/api/inquiries/999999/link')).statusCode).toBe(404);
    expect((await t.anonymous('DELETE', `/api/inquiries/${ann.id}/link`)).statusCode).toBe(401);

    const third = await anotherVisit(ann.id, '2027-03-23T10:00');
    const fresh = /\/visit\/[A-Za-z0-9_-]{22}/.exec(third.text ?? '')?.[0];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(ann.path);
    expect((await get(fresh as string)).statusCode).toBe(200);
    expect((await get(ann.path)).statusCode).toBe(410);
  });

  it('names only what the visit offers: a schedule’s visit is moved or skipped, a one-time one moved or cancelled', async () => {
    // On Saturdays, where no other test's visit is (a day lists at most 10).
    const ann = await customerWith({ date_time: '2027-03-06T08:00' });
    const bob = await customerWith({ first_visit_at: '2027-03-06T10:00', frequency: 'Weekly' });
    const once = (await simpleParser((await mailTo(ann.email)).raw)).text ?? '';
    const regular = (await simpleParser((await mailTo(bob.email)).raw)).text ?? '';
    expect(once).toContain('To move or cancel your visit (up to the cutoff before it)');
    expect(once).not.toMatch(/skip/i);
    expect(regular).toContain('To move or skip a visit (up to the cutoff before it)');
    expect(regular).not.toMatch(/cancel/i);
  });
});

describe('the page', () => {
  it('lists that customer’s visits only, in the business zone, noindex, no-store, no referrer to other sites, no script', async () => {
    const ann = await customerWith({ date_time: '2027-03-09T10:00' });
    const bob = await customerWith({ first_visit_at: '2027-03-10T09:00', frequency: 'Weekly' });
    const res = await get(ann.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const html = textOf(res.body);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).not.toContain('<script');
    expect(html).toContain('Tuesday, March 9, 2027 at 10:00 AM EST');
    expect(html).toContain('Times are Eastern Time.');
    expect(html).not.toContain('America/New_York');
    expect(html).toContain(`action="${ann.path}/visits/${ann.key}/cancel#confirm"`);
    // The form carries the version of the visit it shows (a stale page's change is a 412).
    const version = (await visitsOn('2027-03-09', '2027-03-09')).find((v) => v.key === ann.key)?.version;
    expect(html).toContain(`name="version" value="${version}"`);
    expect(html).not.toContain('Wednesday, March 10');
    expect(html).not.toContain(bob.key);

    const bobs = textOf((await get(bob.path)).body);
    // Weekly for the page's 8 weeks from 1 March, noon: 10 March to 21 April.
    expect(bobs.match(/Wednesday, [A-Za-z]+ \d+, 2027 at 9:00 AM E[SD]T/g)).toHaveLength(7);
    expect(bobs).toContain('Wednesday, April 21, 2027 at 9:00 AM EDT');
    expect(bobs).toContain(`action="${bob.path}/visits/${bob.key}/skip#confirm"`);
    expect(bobs).not.toContain('March 9, 2027');
  });

  it('answers 404 to another customer’s visit key and changes nothing', async () => {
    const ann = await customerWith({ date_time: '2027-03-09T11:00' });
    const bob = await customerWith({ first_visit_at: '2027-03-10T11:00', frequency: 'Weekly' });
    const cal = await customerWith({ date_time: '2027-03-11T11:00' });
    expect((await post(`${ann.path}/visits/${bob.key}/skip`)).statusCode).toBe(404);
    expect((await post(`${ann.path}/visits/${cal.key}/cancel`)).statusCode).toBe(404);
    expect(
      (await post(`${ann.path}/visits/${cal.key}/reschedule`, { start: '2027-03-12T13:00:00-05:00' }))
        .statusCode,
    ).toBe(404);
    expect((await get(`${ann.path}?reschedule=${cal.key}`)).body).not.toContain(cal.key);
    const week = await visitsOn('2027-03-08', '2027-03-14');
    expect(week.find((v) => v.key === bob.key)?.status).toBe('planned');
    expect(week.find((v) => v.key === cal.key)).toMatchObject({
      status: 'planned',
      start: '2027-03-11T16:00:00.000Z',
    });
  });

  it('10,000 random tokens: none opens a page, and the client gets 429 long before 100 tries', async () => {
    const ann = await customerWith({ date_time: '2027-03-09T12:00' });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const from = pages.client;
    const counts = new Map<number, number>();
    let firstRefusal = 0;
    for (let i = 1; i <= 10_000; i++) {
      const token = Array.from({ length: 22 }, () => alphabet[Math.floor(Math.random() * 64)]).join('');
      const { statusCode } = await get(`/visit/${token}`, from);
      counts.set(statusCode, (counts.get(statusCode) ?? 0) + 1);
      if (statusCode === 429 && !firstRefusal) firstRefusal = i;
    }
    expect(counts.get(200)).toBeUndefined();
    expect(counts.get(404)).toBe(LINK_MISSES);
    expect(firstRefusal).toBe(LINK_MISSES + 1);
    expect(counts.get(429)).toBe(10_000 - LINK_MISSES);
    // The guessing client is refused even its own link now; the customer, elsewhere, is not.
    expect((await get(ann.path, from)).statusCode).toBe(429);
    expect((await get(ann.path, '10.9.9.9')).statusCode).toBe(200);
  }, 300_000);
});

describe('changes', () => {
  it('refuses a move to a time the page does not offer (409) or in a year that does not exist (400), changing nothing', async () => {
    const cy = await customerWith({ date_time: '2027-03-09T13:00' });
    const before = await visitsOn('2027-03-08', '2027-03-14');
    const pastHorizon = await post(`${cy.path}/visits/${cy.key}/reschedule`, {
      start: '2028-03-06T14:00:00.000Z',
    });
    expect(pastHorizon.statusCode).toBe(409);
    expect(textOf(pastHorizon.body)).toContain('We book no further ahead than Monday, February 28, 2028');
    for (const start of ['2027-03-12T14:10:00.000Z', '2027-03-13T14:00:00.000Z']) {
      const res = await post(`${cy.path}/visits/${cy.key}/reschedule`, { start });
      expect(res.statusCode, start).toBe(409);
      expect(textOf(res.body)).toContain(NOT_OFFERED);
    }
    for (const start of ['9999-03-12T14:00:00.000Z', '0001-03-12T14:00:00.000Z']) {
      const res = await post(`${cy.path}/visits/${cy.key}/reschedule`, { start });
      expect(res.statusCode, start).toBe(400);
      expect(textOf(res.body)).toContain('start must be in the years 1900 to 2999.');
    }
    expect(await visitsOn('2027-03-08', '2027-03-14')).toEqual(before);
  });

  it('reschedules into an open time (the visit moves), and refuses a taken one with 409 and the page', async () => {
    const ann = await customerWith({ date_time: '2027-03-09T13:00' });
    await customerWith({ first_visit_at: '2027-03-10T09:00', frequency: 'Weekly' });
    const offer = textOf((await get(`${ann.path}?reschedule=${ann.key}`)).body);
    const free = '2027-03-12T14:00:00.000Z'; // Friday 9:00 New York
    expect(offer).toContain(`value="${free}"`);
    // Bob's Wednesday 9:00 is taken (and its travel buffer around it).
    expect(offer).not.toContain('value="2027-03-10T14:00:00.000Z"');

    const taken = await post(`${ann.path}/visits/${ann.key}/reschedule`, {
      start: '2027-03-10T14:00:00.000Z',
    });
    expect(taken.statusCode).toBe(409);
    expect(textOf(taken.body)).toContain(SLOT_TAKEN);
    expect(taken.headers['content-type']).toMatch(/^text\/html/);

    const before = mailsTo(OWNER).length;
    const moved = await post(`${ann.path}/visits/${ann.key}/reschedule`, { start: free });
    expect(moved.statusCode, moved.body).toBe(303);
    expect(moved.headers.location).toBe(`${ann.path}?done=reschedule#visit-${ann.key}`);
    const [visit] = (await visitsOn('2027-03-08', '2027-03-14')).filter((v) => v.key === ann.key);
    expect(visit).toMatchObject({ start: free, status: 'planned' });
    expect(textOf((await get(moved.headers.location as string)).body)).toContain('Your visit is moved.');

    // The owner hears of it, and the customer's calendar entry moves (same UID as the confirmation's).
    await mailTo(ann.email, 2);
    await outboxSent();
    const ownerMails = mailsTo(OWNER).slice(before);
    expect(ownerMails).toHaveLength(1);
    expect((await simpleParser(ownerMails[0]?.raw ?? '')).text).toContain(
      'moved the cleaning of Tuesday, March 9, 2027 at 1:00 PM EST to Friday, March 12, 2027 at 9:00 AM EST',
    );
    const [confirmation, update] = mailsTo(ann.email);
    const first = await icsOf(confirmation?.raw ?? '');
    const second = await icsOf(update?.raw ?? '');
    expect(second.event?.uid).toBe(first.event?.uid);
    expect(second.event?.start.toISOString()).toBe(free);
    expect(second.text).toContain('METHOD:PUBLISH');
    expect(Number(second.event?.sequence)).toBeGreaterThan(0);
    expect(mailsTo(ann.email)).toHaveLength(2);
  });

  it('skip and cancel ask first: the first post shows the question and changes nothing; Yes (confirm=1) acts', async () => {
    const fin = await customerWith({ date_time: '2027-03-09T09:00' });
    const gil = await customerWith({ first_visit_at: '2027-03-10T10:00', frequency: 'Weekly' });
    expect(textOf((await get(fin.path)).body)).toContain('You can move or cancel a visit here');
    expect(textOf((await get(gil.path)).body)).toContain('You can move or skip a visit here');

    const cases = [
      [fin, 'cancel', 'Cancel your cleaning on Tue, Mar 9 at 9:00 AM?', 'cancelled'],
      [gil, 'skip', 'Skip your cleaning on Wed, Mar 10 at 10:00 AM?', 'skipped'],
    ] as const;
    for (const [who, action, question, after] of cases) {
      await outboxSent();
      const mails = (await t.db.select().from(mailOutbox)).length;
      const asked = await post(`${who.path}/visits/${who.key}/${action}`);
      expect(asked.statusCode, asked.body).toBe(200);
      const page = textOf(asked.body);
      expect(page).toContain(question);
      expect(page).toContain('name="confirm" value="1"');
      // The question comes before the list of visits.
      expect(page.indexOf(question)).toBeLessThan(page.indexOf('You can move'));
      const day = who === fin ? '2027-03-09' : '2027-03-10';
      expect((await visitsOn(day, day)).find((v) => v.key === who.key)?.status).toBe('planned');
      expect((await t.db.select().from(mailOutbox)).length).toBe(mails);

      const yes = await post(`${who.path}/visits/${who.key}/${action}`, { confirm: '1' });
      expect(yes.statusCode, yes.body).toBe(303);
      expect((await visitsOn(day, day)).find((v) => v.key === who.key)?.status).toBe(after);
    }
  });

  it('a reschedule to the time the visit already has answers as a move, and changes and mails nothing', async () => {
    const eve = await customerWith({ date_time: '2027-03-09T08:00' });
    await outboxSent();
    const [before] = (await visitsOn('2027-03-09', '2027-03-09')).filter((v) => v.key === eve.key);
    const mails = (await t.db.select().from(mailOutbox)).length;
    const same = await post(`${eve.path}/visits/${eve.key}/reschedule`, {
      start: '2027-03-09T13:00:00.000Z',
    });
    expect(same.statusCode, same.body).toBe(303);
    expect(same.headers.location).toBe(`${eve.path}?done=reschedule#visit-${eve.key}`);
    const [after] = (await visitsOn('2027-03-09', '2027-03-09')).filter((v) => v.key === eve.key);
    expect(after).toEqual(before);
    expect((await t.db.select().from(mailOutbox)).length).toBe(mails);
  });

  it('two reschedules into one time at once: exactly one gets it', async () => {
    const cal = await customerWith({ date_time: '2027-03-09T08:00' });
    const dee = await customerWith({ date_time: '2027-03-11T08:00' });
    const time = '2027-03-15T17:00:00.000Z'; // Monday 1:00 PM New York
    const answers = await Promise.all([
      post(`${cal.path}/visits/${cal.key}/reschedule`, { start: time }),
      post(`${dee.path}/visits/${dee.key}/reschedule`, { start: time }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 409]);
    const week = await visitsOn('2027-03-15', '2027-03-15');
    expect(week.filter((v) => v.start === time)).toHaveLength(1);
  });

  it('a Booked customer who cancels their only visit goes back to Contacted; one with another visit stays Booked', async () => {
    const only = await customerWith({ date_time: '2027-03-09T11:00' });
    const two = await customerWith({ date_time: '2027-03-10T11:00' });
    await created('/api/one_time_cleanings', {
      inquiry_id: two.id,
      amount: 150,
      date_time: '2027-03-11T11:00',
    });
    await t.db.update(inquiries).set({ status: 'Booked' });
    const statusOf = async (id: number) =>
      (await t.db.select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.id, id)))[0]
        ?.status;

    expect((await post(`${only.path}/visits/${only.key}/cancel`, { confirm: '1' })).statusCode).toBe(303);
    expect((await post(`${two.path}/visits/${two.key}/cancel`, { confirm: '1' })).statusCode).toBe(303);
    expect(await statusOf(only.id)).toBe('Contacted');
    expect(await statusOf(two.id)).toBe('Booked');
    // A refused cancel (already cancelled) changes nothing, the status included.
    await t.db.update(inquiries).set({ status: 'Booked' }).where(eq(inquiries.id, only.id));
    expect((await post(`${only.path}/visits/${only.key}/cancel`)).statusCode).toBe(409);
    expect(await statusOf(only.id)).toBe('Booked');
  });

  it('skips one visit of a schedule and cancels a one-time visit; both show in GET /api/visits', async () => {
    const bob = await customerWith({ first_visit_at: '2027-03-10T15:00', frequency: 'Weekly' });
    const eve = await customerWith({ date_time: '2027-03-12T11:00' });
    const ownerBefore = mailsTo(OWNER).length;
    // One device of the owner's subscribed (its notices are counted in the outbox; this endpoint takes none).
    await t.db
      .insert(pushSubscriptions)
      .values({ endpoint: 'https://127.0.0.1:9/push/customer-link', p256dh: 'x', auth: 'y' })
      .onConflictDoNothing();

    const skipped = await post(`${bob.path}/visits/${bob.key}/skip`, { confirm: '1' });
    expect(skipped.statusCode).toBe(303);
    expect(textOf((await get(skipped.headers.location as string)).body)).toContain('That visit is skipped');
    const cancelled = await post(`${eve.path}/visits/${eve.key}/cancel`, { confirm: '1' });
    expect(cancelled.statusCode).toBe(303);
    // Sent twice (a double tap): changed once, refused the second time, no second message.
    expect((await post(`${eve.path}/visits/${eve.key}/cancel`, { confirm: '1' })).statusCode).toBe(409);

    const visits = await visitsOn('2027-03-08', '2027-03-21');
    expect(visits.find((v) => v.key === bob.key)?.status).toBe('skipped');
    expect(visits.find((v) => v.start === '2027-03-17T19:00:00.000Z')?.status).toBe('planned');
    expect(visits.find((v) => v.key === eve.key)?.status).toBe('cancelled');
    // A cancelled visit keeps no time: its slot is open again, and it is no conflict.
    const conflicts = await t.asAdmin(
      'GET',
      '/api/visits/conflicts?start=2027-03-12T11:00&duration_minutes=60',
    );
    expect(conflicts.json()).toEqual([]);
    const page = textOf((await get(eve.path)).body);
    expect(page).toContain('Cancelled');
    expect(page).not.toContain(`/visits/${eve.key}/cancel`);

    await outboxSent();
    const ownerMails = mailsTo(OWNER).slice(ownerBefore);
    expect(ownerMails).toHaveLength(2);
    const pushes = await t.db
      .select({ payload: pushOutbox.payload })
      .from(pushOutbox)
      .where(like(pushOutbox.payload, '%by the customer%'));
    expect(pushes.map((p) => JSON.parse(p.payload).title).sort()).toEqual([
      'Visit cancelled by the customer',
      'Visit skipped by the customer',
    ]);
    const cancel = await icsOf(mailsTo(eve.email)[1]?.raw ?? '');
    const confirmation = await icsOf(mailsTo(eve.email)[0]?.raw ?? '');
    expect(cancel.text).toContain('METHOD:CANCEL');
    expect(cancel.text).toContain('STATUS:CANCELLED');
    expect(cancel.event?.uid).toBe(confirmation.event?.uid);
    expect(mailsTo(eve.email)).toHaveLength(2);
  });

  it('refuses every change after the cutoff (409, the page with the reason and the phone), changing nothing', async () => {
    const fay = await customerWith({ date_time: '2027-03-09T14:00' });
    const gus = await customerWith({ first_visit_at: '2027-03-09T09:00', frequency: 'Weekly' });
    // 47 hours before Fay's visit (cutoff 48 h).
    clock = new Date('2027-03-07T20:00:00Z');
    const page = textOf((await get(fay.path)).body);
    expect(page).toContain('Less than 48 hours to go');
    expect(page).toContain('(860) 555-0142');
    expect(page).not.toContain(`/visits/${fay.key}/cancel`);
    const ownerBefore = mailsTo(OWNER).length;

    for (const [path, action, fields] of [
      [fay.path, `${fay.key}/cancel`, { confirm: '1' }],
      [fay.path, `${fay.key}/reschedule`, { start: '2027-03-12T15:00:00.000Z' }],
      [gus.path, `${gus.key}/skip`, { confirm: '1' }],
      [gus.path, `${gus.key}/reschedule`, { start: '2027-03-12T15:00:00.000Z' }],
    ] as const) {
      const res = await post(`${path}/visits/${action}`, fields);
      expect(res.statusCode, action).toBe(409);
      expect(textOf(res.body)).toContain('It is less than 48 hours before this visit');
    }
    const visits = await visitsOn('2027-03-08', '2027-03-14');
    expect(visits.find((v) => v.key === fay.key)).toMatchObject({
      status: 'planned',
      start: '2027-03-09T19:00:00.000Z',
    });
    expect(visits.find((v) => v.key === gus.key)).toMatchObject({ status: 'planned', original_start: null });
    await outboxSent();
    expect(mailsTo(OWNER).length).toBe(ownerBefore);
  });
});

describe('undo', () => {
  const statusOf = async (id: number) =>
    (await t.db.select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.id, id)))[0]?.status;

  it('puts a skipped or cancelled visit back until the cutoff, lands on its card, and mails an updated entry', async () => {
    // Times no other test's visit is near: an undo is refused when the time was taken meanwhile.
    const bob = await customerWith({ first_visit_at: '2027-03-11T14:00', frequency: 'Weekly' });
    const eve = await customerWith({ date_time: '2027-03-12T13:00' });
    await t.db.update(inquiries).set({ status: 'Booked' }).where(eq(inquiries.id, eve.id));
    const cases = [
      [bob, 'skip', 'Undo the skip', '2027-03-11', 'skipped'],
      [eve, 'cancel', 'Undo the cancel', '2027-03-12', 'cancelled'],
    ] as const;
    for (const [who, action, button, day, off] of cases) {
      // The visit's button posts to the question, which the page shows at its top (#confirm).
      expect(textOf((await get(who.path)).body)).toContain(
        `action="${who.path}/visits/${who.key}/${action}#confirm"`,
      );
      const done = await post(`${who.path}/visits/${who.key}/${action}`, { confirm: '1' });
      expect(done.statusCode).toBe(303);
      // Back to the visit's card (its status and its Undo), not the page's top.
      expect(done.headers.location).toBe(`${who.path}?done=${action}#visit-${who.key}`);
      const page = textOf((await get(done.headers.location as string)).body);
      expect(page).toContain(`id="visit-${who.key}"`);
      expect(page).toContain(button);
      expect(page).toContain(`action="${who.path}/visits/${who.key}/undo"`);
      expect((await visitsOn(day, day)).find((v) => v.key === who.key)?.status).toBe(off);
      await mailTo(who.email, 2);
      await outboxSent();

      const undone = await post(`${who.path}/visits/${who.key}/undo`);
      expect(undone.statusCode, undone.body).toBe(303);
      expect(undone.headers.location).toBe(`${who.path}?done=undo#visit-${who.key}`);
      expect(textOf((await get(undone.headers.location as string)).body)).toContain('Your visit is back on.');
      expect((await visitsOn(day, day)).find((v) => v.key === who.key)?.status).toBe('planned');
      // Its calendar entry comes back: the confirmation's UID, published again with a later sequence.
      await mailTo(who.email, 3);
      const [first, gone, again] = await Promise.all(mailsTo(who.email).map((m) => icsOf(m.raw)));
      expect(again?.mail.subject).toMatch(/^Your cleaning is back on:/);
      expect(again?.text).toContain('METHOD:PUBLISH');
      expect(again?.event?.uid).toBe(first?.event?.uid);
      expect(Number(again?.event?.sequence)).toBeGreaterThanOrEqual(Number(gone?.event?.sequence));
      // Twice (a double tap): nothing left to undo.
      const twice = await post(`${who.path}/visits/${who.key}/undo`);
      expect(twice.statusCode).toBe(409);
      expect(textOf(twice.body)).toContain(NOTHING_TO_UNDO);
    }
    // The cancel sent a Booked customer back to Contacted; the undo books them again.
    expect(await statusOf(eve.id)).toBe('Booked');
  });

  it('is refused after the cutoff (409, no Undo shown) and for a time booked meanwhile, changing nothing', async () => {
    const fay = await customerWith({ date_time: '2027-03-08T16:00' });
    const gus = await customerWith({ first_visit_at: '2027-03-08T11:00', frequency: 'Weekly' });
    const hal = await customerWith({ date_time: '2027-03-08T14:00' });
    const ida = await customerWith({ date_time: '2027-03-08T09:00' });
    for (const [who, action] of [
      [fay, 'cancel'],
      [gus, 'skip'],
      [hal, 'cancel'],
    ] as const)
      expect((await post(`${who.path}/visits/${who.key}/${action}`, { confirm: '1' })).statusCode).toBe(303);
    // Ida takes Hal's freed Monday 2:00 PM.
    const taken = await post(`${ida.path}/visits/${ida.key}/reschedule`, {
      start: '2027-03-08T19:00:00.000Z',
    });
    expect(taken.statusCode, /role="alert"[^<]*<[^>]*>([^<]*)/.exec(taken.body)?.[1]).toBe(303);
    const refusedTaken = await post(`${hal.path}/visits/${hal.key}/undo`);
    expect(refusedTaken.statusCode).toBe(409);
    expect(textOf(refusedTaken.body)).toContain(TAKEN_SINCE);
    await outboxSent();
    const ownerBefore = mailsTo(OWNER).length;

    // 47 hours before Fay's visit (cutoff 48 h).
    clock = new Date('2027-03-06T22:00:00Z');
    for (const who of [fay, gus]) {
      const page = textOf((await get(who.path)).body);
      expect(page).not.toContain(`/visits/${who.key}/undo`);
      const late = await post(`${who.path}/visits/${who.key}/undo`);
      expect(late.statusCode).toBe(409);
      expect(textOf(late.body)).toContain('It is less than 48 hours before this visit');
    }
    // A planned visit has nothing to undo.
    clock = new Date('2027-03-01T17:00:00Z');
    const planned = await post(`${ida.path}/visits/${ida.key}/undo`);
    expect(planned.statusCode).toBe(409);
    expect(textOf(planned.body)).toContain(NOTHING_TO_UNDO);

    // One day only: the days of the other tests list more than a day's visits.
    const week = await visitsOn('2027-03-08', '2027-03-08');
    expect(week.find((v) => v.key === fay.key)?.status).toBe('cancelled');
    expect(week.find((v) => v.key === gus.key)?.status).toBe('skipped');
    expect(week.find((v) => v.key === hal.key)?.status).toBe('cancelled');
    await outboxSent();
    expect(mailsTo(OWNER).length).toBe(ownerBefore);
  });
});

describe('the calendar file of a schedule', () => {
  it('carries the series (RRULE, EXDATE per skip, RECURRENCE-ID per move, one UID) across the DST change', async () => {
    // Weekly on Thursdays at 9:00 from 4 March 2027; New York springs forward on 14 March.
    const joy = await customerWith({ first_visit_at: '2027-03-04T07:00', frequency: 'Weekly' });
    const skipKey = joy.key.replace('20270304T120000Z', '20270311T120000Z');
    const moveKey = joy.key.replace('20270304T120000Z', '20270318T110000Z');
    expect((await post(`${joy.path}/visits/${skipKey}/skip`, { confirm: '1' })).statusCode).toBe(303);
    const moved = await post(`${joy.path}/visits/${moveKey}/reschedule`, {
      start: '2027-03-19T14:00:00.000Z',
    });
    expect(moved.statusCode, /role="alert"[^<]*<[^>]*>([^<]*)/.exec(moved.body)?.[1]).toBe(303);
    await mailTo(joy.email, 3);
    const files = await Promise.all(mailsTo(joy.email).map((m) => icsOf(m.raw)));
    const [confirmation, skip, move] = files;
    for (const file of files) {
      expect(file.text).toContain('RRULE:FREQ=WEEKLY');
      expect(file.text).toContain('METHOD:PUBLISH');
      expect(file.event?.uid).toBe(confirmation?.event?.uid);
    }
    expect(confirmation?.text).not.toContain('EXDATE');
    expect(skip?.text).toMatch(/EXDATE;TZID=America\/New_York:20270311T070000/);
    expect(skip?.text).not.toContain('RECURRENCE-ID');
    expect(move?.text).toMatch(/EXDATE;TZID=America\/New_York:20270311T070000/);
    expect(move?.text).toMatch(/RECURRENCE-ID;TZID=America\/New_York:20270318T070000/);

    // Read back: the wall time stays 7:00 across the change, the skip is gone, the move is its own instance.
    const series = move?.event as VEvent;
    const starts = (series.rrule?.between(new Date('2027-03-01'), new Date('2027-03-26')) ?? []).map((d) =>
      d.toISOString(),
    );
    expect(starts).toContain('2027-03-04T12:00:00.000Z');
    expect(starts).toContain('2027-03-25T11:00:00.000Z');
    // node-ical files each EXDATE under two keys (its date and its instant).
    const excluded = [
      ...new Set(Object.values(series.exdate ?? {}).map((d) => new Date(d as Date).toISOString())),
    ];
    expect(excluded).toEqual(['2027-03-11T12:00:00.000Z']);
    // The same for overrides, filed by their RECURRENCE-ID.
    const overrides = Object.values(series.recurrences ?? {}) as VEvent[];
    expect([...new Set(overrides.map((o) => o.start.toISOString()))]).toEqual(['2027-03-19T14:00:00.000Z']);
    expect([...new Set(overrides.map((o) => o.uid))]).toEqual([series.uid]);
  });
});

it('writes no token into the log (the request lines name /visit/[redacted])', async () => {
  const hal = await customerWith({ date_time: '2027-03-10T12:00' });
  const token = hal.path.split('/')[2] as string;
  await get(hal.path);
  await get(`${hal.path}?reschedule=${hal.key}`);
  await post(`${hal.path}/visits/${hal.key}/cancel`);
  await get(`${hal.path}/`);
  const all = log.lines.join('');
  expect(all).toContain('"url":"/visit/[redacted]"');
  expect(all).toContain(`"url":"/visit/[redacted]/visits/${hal.key}/cancel"`);
  expect(all).not.toContain(token);
});
