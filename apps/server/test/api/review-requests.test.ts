import { eq, isNull, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  inquiries,
  mailOutbox,
  oneTimeCleanings,
  recurringPaid,
  reviewRequests,
  reviews,
  visitExceptions,
} from '../../src/db/schema';
import {
  type ReviewRequestsDeps,
  reviewDueAt,
  reviewRequestsService,
  runReviewRequests,
} from '../../src/features/review-requests/service';
import { reviewRequestsDeps, reviewSendingDeps } from '../../src/wiring/schedulers';
import { weeklySchedule } from '../support/fixtures';
import { createTestApp } from '../support/harness';
import { useMailingApp } from '../support/mailing-app';
import { runOnTwoServers } from '../support/servers';

/**
 * Review requests (docs/product.md#review-requests) under a controllable clock: done → one mail reviewDelayHours
 * later, never between 21:00 and 08:00 business time (across DST too), once across two servers and a restart, one per
 * customer in 180 days, none after the opt-out; the mail through a real SMTP peer; the marker stores the review
 * verified, which the public list shows once approved and an edit in moderation keeps.
 */
const { smtp, t } = await useMailingApp();

const H = 3_600_000;
const DAY = 24 * H;
const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs);
const deps = (app = t.app): ReviewRequestsDeps => reviewSendingDeps(app.database.db, app.config);
const run = (now: Date, app = t.app) => runReviewRequests(deps(app), now);
const service = () => reviewRequestsService(reviewRequestsDeps(t.db, t.app.config));

async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
let n = 0;
const customer = async (email: string | null = `r${++n}@customer.test`) => {
  const { id } = await post('/api/inquiries', {
    name: `Ann Customer${n}`,
    email,
    phone_number: '8605550123',
    call_or_text: 'call',
    town: 'Bristol',
  });
  return { id, email: email as string };
};
const cleaning = (inquiryId: number, dateTime = '2027-03-02T09:00') =>
  post('/api/one_time_cleanings', {
    inquiry_id: inquiryId,
    date_time: dateTime,
    amount: 150,
    notify_customer: false,
  });
const patch = async (key: string, body: object) => {
  const res = await t.asAdmin('PATCH', `/api/visits/${key}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ key: string; status: string; end: string; inquiry_id: number; email: string | null }>();
};
const requestOf = async (email: string) =>
  (await t.db.select().from(reviewRequests).where(eq(reviewRequests.customer, email)))[0];
const outboxTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
/** A done visit as the visits service hands it over, for asking under a chosen clock. */
const doneVisit = (c: { id: number; email: string }, key: string) =>
  ({ key, status: 'done', inquiry_id: c.id, email: c.email }) as Parameters<
    ReturnType<typeof service>['request']
  >[0];

// Each test counts its own requests: what earlier tests left unsent (due at their clocks) is set aside.
beforeEach(async () => {
  await t.db
    .update(reviewRequests)
    .set({ enqueuedAt: new Date(0) })
    .where(isNull(reviewRequests.enqueuedAt));
});

describe('scheduling on done', () => {
  it('PATCH done on a one-time cleaning asks for one request reviewDelayHours (3) later; undoing it withdraws it', async () => {
    const c = await customer();
    const visit = await cleaning(c.id);
    const before = Date.now();
    const done = await patch(`o${visit.id}`, { status: 'done', confirm_early: true });
    const row = await requestOf(c.email);
    expect(row).toBeDefined();
    expect(row?.visitKey).toBe(`o${visit.id}`);
    expect(row?.requestedAt.getTime()).toBeGreaterThanOrEqual(before);
    // Marked done before it happened: due after the visit's end, not after the tap.
    expect(row?.dueAt.getTime()).toBe(reviewDueAt(new Date(done.end), 3, t.app.config.timezone).getTime());
    // Back to planned before the mail left: withdrawn.
    await patch(`o${visit.id}`, { status: 'planned' });
    expect(await requestOf(c.email)).toBeUndefined();
  });

  it('a done and its request commit together: when the request cannot be written, the visit stays as it was', async () => {
    const blocked = await customer('blocked@customer.test');
    const visit = await cleaning(blocked.id);
    const series = await weeklySchedule(t, blocked.id, '2027-06-01T09:00');
    const occurrence = `r${series}-20270601T130000Z`;
    // A real failure in the database, for this customer's request alone.
    await t.db.execute(
      sql`alter table review_requests add constraint test_refuses check (customer <> 'blocked@customer.test')`,
    );
    try {
      const oneTime = await t.asAdmin('PATCH', `/api/visits/o${visit.id}`, {
        status: 'done',
        paid: true,
        confirm_early: true,
      });
      expect(oneTime.statusCode).toBe(500);
      const recurring = await t.asAdmin('PATCH', `/api/visits/${occurrence}`, {
        status: 'done',
        paid: true,
        confirm_early: true,
      });
      expect(recurring.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table review_requests drop constraint test_refuses`);
    }
    const [row] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, visit.id));
    expect(row?.doneAt).toBeNull();
    expect(row?.paid).toBe(false);
    expect(await t.db.$count(recurringPaid, eq(recurringPaid.recurringPaymentId, series))).toBe(0);
    const [exception] = await t.db
      .select()
      .from(visitExceptions)
      .where(eq(visitExceptions.recurringPaymentId, series));
    expect(exception?.status ?? 'planned').toBe('planned');
    expect(await requestOf(blocked.email)).toBeUndefined();
    // With the database able again, the same tap does both.
    await patch(`o${visit.id}`, { status: 'done', confirm_early: true });
    expect((await requestOf(blocked.email))?.visitKey).toBe(`o${visit.id}`);
  });

  it('a recurring occurrence marked done & paid asks too; no e-mail, no request', async () => {
    const c = await customer();
    const series = await weeklySchedule(t, c.id, '2027-06-01T09:00');
    await patch(`r${series}-20270601T130000Z`, { status: 'done', paid: true, confirm_early: true });
    expect((await requestOf(c.email))?.visitKey).toBe(`r${series}-20270601T130000Z`);

    const none = await customer(null);
    const v = await cleaning(none.id);
    const count = await t.db.$count(reviewRequests);
    await patch(`o${v.id}`, { status: 'done', confirm_early: true });
    expect(await t.db.$count(reviewRequests)).toBe(count);
  });

  it('due 3 h after done in the afternoon; done at 19:30 → 08:00 the next morning, not before', async () => {
    const c = await customer();
    // 14:00 EST (19:00 UTC) → 17:00 EST.
    expect(await service().request(doneVisit(c, 'o-a'), at('2027-01-12T19:00:00Z'))).toBe(true);
    expect((await requestOf(c.email))?.dueAt.toISOString()).toBe('2027-01-12T22:00:00.000Z');
    expect(await run(at('2027-01-12T22:00:00Z', -1))).toBe(0);
    expect(await run(at('2027-01-12T22:00:00Z'))).toBe(1);
    expect(await outboxTo(c.email)).toHaveLength(1);

    const late = await customer();
    // 19:30 EST (00:30 UTC next day) + 3 h = 22:30: quiet, so 08:00 EST the next morning (13:00 UTC).
    await service().request(doneVisit(late, 'o-b'), at('2027-01-13T00:30:00Z'));
    expect((await requestOf(late.email))?.dueAt.toISOString()).toBe('2027-01-13T13:00:00.000Z');
    expect(await run(at('2027-01-13T03:30:00Z'))).toBe(0); // 22:30 EST
    expect(await run(at('2027-01-13T12:59:59Z'))).toBe(0); // 07:59:59 EST
    expect(await run(at('2027-01-13T13:00:00Z'))).toBe(1);
    expect(await outboxTo(late.email)).toHaveLength(1);
  });

  it('the quiet hours are wall time across the DST weekends: 08:00 is 08:00 on the clock', () => {
    const tz = 'America/New_York';
    // Saturday March 13, 2027 at 19:30 EST; clocks spring forward that night: 08:00 EDT Sunday is 12:00 UTC.
    expect(reviewDueAt(at('2027-03-14T00:30:00Z'), 3, tz).toISOString()).toBe('2027-03-14T12:00:00.000Z');
    // 05:30 on the Sunday itself (EDT), 3 h → 08:30 EDT: daytime, unchanged.
    expect(reviewDueAt(at('2027-03-14T09:30:00Z'), 3, tz).toISOString()).toBe('2027-03-14T12:30:00.000Z');
    // Saturday November 6, 2027 at 20:00 EDT; clocks fall back that night: 08:00 EST Sunday is 13:00 UTC.
    expect(reviewDueAt(at('2027-11-07T00:00:00Z'), 3, tz).toISOString()).toBe('2027-11-07T13:00:00.000Z');
    // 20:59 → 23:59 is quiet; 05:00 done → 08:00 exactly is daytime.
    expect(reviewDueAt(at('2027-07-07T09:00:00Z'), 3, tz).toISOString()).toBe('2027-07-07T12:00:00.000Z');
    // Done at 01:00 (quiet, after midnight) with no delay: 08:00 the same morning.
    expect(reviewDueAt(at('2027-07-07T05:00:00Z'), 0, tz).toISOString()).toBe('2027-07-07T12:00:00.000Z');
  });
});

describe('once', () => {
  it('two servers ticking at the same moment, and a restart: one mail', async () => {
    const c = await customer();
    await service().request(doneVisit(c, 'o-c'), at('2027-02-02T15:00:00Z'));
    const now = at('2027-02-02T18:00:00Z');
    expect(await runOnTwoServers(t, run, now)).toEqual({ together: 1, afterRestart: 0 });
    expect(await outboxTo(c.email)).toHaveLength(1);
    // Undoing done after the mail left changes nothing.
    await service().withdraw('o-c');
    expect(await requestOf(c.email)).toBeDefined();
  });

  it('one per customer in 180 days, decided by the database; after 181 days, one more', async () => {
    const c = await customer();
    const first = at('2027-04-01T15:00:00Z');
    // Two owners' taps at once: one row, one request.
    const asked = await Promise.all([
      service().request(doneVisit(c, 'o-d1'), first),
      service().request(doneVisit(c, 'o-d1'), first),
    ]);
    expect(asked.filter(Boolean)).toHaveLength(1);
    expect(await run(at('2027-04-01T18:00:00Z'))).toBe(1);
    // Another visit done 100 days later, also under another inquiry with the same address (one customer).
    expect(await service().request(doneVisit(c, 'o-d2'), at(first.toISOString(), 100 * DAY))).toBe(false);
    const twin = await customer(c.email.toUpperCase());
    expect(await service().request(doneVisit(twin, 'o-d3'), at(first.toISOString(), 179 * DAY))).toBe(false);
    expect(await run(at(first.toISOString(), 180 * DAY))).toBe(0);
    // 181 days later: a new request.
    expect(await service().request(doneVisit(c, 'o-d4'), at(first.toISOString(), 181 * DAY))).toBe(true);
    expect(await run(at(first.toISOString(), 181 * DAY + 3 * H))).toBe(1);
    expect(await outboxTo(c.email)).toHaveLength(2);
  });

  it('demo customers are never asked (made up addresses)', async () => {
    const demo = await createTestApp({ demoContent: true });
    try {
      const people = (await demo.db.select().from(inquiries)).filter((i) => i.email);
      expect(people.length).toBeGreaterThan(0);
      const asking = reviewRequestsService(reviewRequestsDeps(demo.db, demo.config));
      for (const p of people)
        expect(
          await asking.request(doneVisit({ id: p.id, email: p.email as string }, 'o1'), new Date()),
        ).toBe(false);
    } finally {
      await demo.close();
    }
  });

  it('the opt-out link stops review requests: a pending one and every later one', async () => {
    const c = await customer();
    await service().request(doneVisit(c, 'o-e1'), at('2027-05-01T15:00:00Z'));
    expect(await run(at('2027-05-01T18:00:00Z'))).toBe(1);
    const [mail] = await outboxTo(c.email);
    const link =
      /No more review requests: (https:\/\/clean\.example(\/review-requests\/off\?token=\S+))/.exec(
        mail?.body ?? '',
      );
    expect(link).not.toBeNull();
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${link?.[1]}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const path = link?.[2] as string;
    // GET only asks (a mail scanner turns nothing off); a forged token is a 404 page.
    const ask = await t.anonymous('GET', path);
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Stop review requests');
    expect((await requestOf(c.email))?.optedOutAt).toBeNull();
    expect((await t.anonymous('POST', `${path.slice(0, -3)}xyz`)).statusCode).toBe(404);
    expect((await t.anonymous('GET', '/review-requests/off?token=1.forged')).statusCode).toBe(404);
    const off = await t.app.inject({ method: 'POST', url: path });
    expect(off.statusCode).toBe(200);
    expect((await requestOf(c.email))?.optedOutAt).not.toBeNull();
    // 200 days later: nothing asked, nothing sent.
    expect(await service().request(doneVisit(c, 'o-e2'), at('2027-05-01T15:00:00Z', 200 * DAY))).toBe(false);
    expect(await run(at('2027-05-01T18:00:00Z', 200 * DAY))).toBe(0);
    expect(await outboxTo(c.email)).toHaveLength(1);
  });
});

type PublicReview = { id: number; reviewer_name: string; verified: boolean; status: string };

describe('the mail and the verified review', () => {
  /** A request sent through the real SMTP peer: the parsed mail and the marker in its link. */
  async function sentRequest(googleReviewUrl: string) {
    const saved = await t.asAdmin('PUT', '/api/site-config', { googleReviewUrl });
    expect(saved.statusCode, saved.body).toBe(200);
    const c = await customer();
    await service().request(doneVisit(c, `o-f${n}`), at('2027-08-03T15:00:00Z'));
    expect(await run(at('2027-08-03T18:00:00Z'))).toBe(1);
    await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes(c.email))).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
    const received = smtp.received.find((m) => m.to.includes(c.email));
    const mail = await simpleParser(received?.raw ?? '');
    const link = /https:\/\/clean\.example\/reviews\?\S+/.exec(mail.text ?? '')?.[0] as string;
    return { c, mail, link, marker: new URL(link).searchParams.get('v') as string };
  }

  it('is friendly text and HTML with the prefilled review link, and the Google link when set', async () => {
    const { c, mail, link } = await sentRequest('https://g.page/r/bristol-eco-clean/review');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(c.email);
    expect(mail.subject).toBe('How was your cleaning? — Bristol Eco Clean');
    const url = new URL(link);
    expect(url.pathname).toBe('/reviews');
    expect(url.hash).toBe('#write-review');
    expect(url.searchParams.get('write')).toBe('1');
    expect(url.searchParams.get('name')).toBe(`Ann C.`);
    expect(url.searchParams.get('v')).toMatch(/^\d+\.[A-Za-z0-9_-]{32}$/);
    expect(mail.text).toContain(
      'you can also review us on Google:\nhttps://g.page/r/bristol-eco-clean/review',
    );
    expect(mail.html).toContain('href="https://g.page/r/bristol-eco-clean/review"');
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&#38;')}"`);
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(
      '/review-requests/off?token=',
    );

    const without = await sentRequest('');
    expect(without.mail.text).not.toContain('Google');
    expect(without.mail.html).not.toContain('Google');
  });

  it('a review sent with the marker is verified once approved; a forged or reused marker verifies nothing; an edit keeps it', async () => {
    const { marker } = await sentRequest('');
    const send = (name: string, verification?: string) =>
      t.anonymous('POST', '/api/reviews', {
        reviewer_name: name,
        rating: 5,
        comment: 'Spotless.',
        verification,
      });
    const mine = await send('Ann C.', marker);
    expect(mine.statusCode, mine.body).toBe(201);
    const created = mine.json<PublicReview>();
    expect(created).toMatchObject({ status: 'pending', verified: true });
    const [id, mac] = marker.split('.') as [string, string];
    const forged = (
      await send('Forger', `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)
    ).json<PublicReview>();
    expect(forged.verified).toBe(false);
    const other = (await send('Other', `${Number(id) + 1000}.${mac}`)).json<PublicReview>();
    expect(other.verified).toBe(false);
    const reused = (await send('Again', marker)).json<PublicReview>();
    expect(reused.verified).toBe(false);
    const junk = await send('Junk', 'x'.repeat(101));
    expect(junk.statusCode).toBe(400);

    // The hub's moderation list shows it; an edit there keeps the mark, approval publishes it.
    const pending = (await t.asAdmin('GET', '/api/reviews/pending?limit=100')).json<PublicReview[]>();
    expect(pending.find((r) => r.id === created.id)?.verified).toBe(true);
    const edited = await t.asAdmin('PATCH', `/api/reviews/${created.id}`, {
      reviewer_name: 'Ann C.',
      rating: 4,
      comment: 'Spotless, as always.',
      photo_url: '',
      verification: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<PublicReview>().verified).toBe(true);
    expect((await t.asAdmin('PATCH', `/api/reviews/${created.id}/approve`)).statusCode).toBe(200);
    expect((await t.asAdmin('PATCH', `/api/reviews/${forged.id}/approve`)).statusCode).toBe(200);
    const published = (await t.anonymous('GET', '/api/reviews?limit=50')).json<PublicReview[]>();
    expect(published.find((r) => r.id === created.id)).toMatchObject({ verified: true });
    expect(published.find((r) => r.id === forged.id)).toMatchObject({ verified: false });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, created.id));
    expect(row?.verified).toBe(true);
  });

  it('the link opens the server-rendered form (no script): name filled in, marker hidden; a plain post stores it verified', async () => {
    const { link, marker } = await sentRequest('');
    const url = new URL(link);
    const page = await t.anonymous('GET', `${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const inputOf = (html: string, name: string) =>
      new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(inputOf(page.body, 'reviewer_name')).toContain('value="Ann C."');
    const hidden = inputOf(page.body, 'verification');
    expect(hidden).toContain('type="hidden"');
    expect(hidden).toContain(`value="${marker}"`);
    // A marker this server did not sign: the page everyone gets, no hidden field, no name.
    const forged = await t.anonymous('GET', `/reviews?write=1&name=Eve&v=${marker.slice(0, -2)}zz`);
    expect(forged.statusCode).toBe(200);
    expect(inputOf(forged.body, 'verification')).toBe('');
    expect(inputOf(forged.body, 'reviewer_name')).not.toContain('Eve');

    const posted = await t.app.inject({
      method: 'POST',
      url: '/reviews',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        reviewer_name: 'Ann C.',
        rating: '5',
        comment: 'No script, still verified.',
        photo_url: '',
        verification: marker,
      }).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const [stored] = await t.db
      .select()
      .from(reviews)
      .where(eq(reviews.comment, 'No script, still verified.'));
    expect(stored?.verified).toBe(true);
    expect((await t.asAdmin('PATCH', `/api/reviews/${stored?.id}/approve`)).statusCode).toBe(200);
    const listed = await t.anonymous('GET', '/reviews');
    expect(listed.body).toContain('No script, still verified.');
    expect(listed.body).toContain('Verified customer');
  });
});
