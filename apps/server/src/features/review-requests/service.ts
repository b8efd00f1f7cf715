import { formatPhone, type SiteConfig, singleLine, type Visit, wallInstant } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';
import { html } from '../../lib/plain-page';
import { resolveJwtSecret } from '../../lib/secrets';
import { type SignedIds, signedIds } from '../../lib/signed-ids';
import { reviewRequestsStore } from './store';

const HOUR_MS = 3_600_000;
/** At most one request per customer in this many days. */
export const REQUEST_EVERY_DAYS = 180;
/** No request mail leaves between these hours, business wall time. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
export const REVIEW_OFF_PATH = '/review-requests/off';
/** Where the mail's link opens the form (apps/web's reviews page: `write=1` opens it, the hash scrolls to it). */
export const REVIEW_FORM_HASH = 'write-review';
/** Rows moved into the outbox per tick (the rest go at the next one). */
const BATCH = 100;

/** The two tokens of a request, each naming its id, signed for one purpose (lib/signed-ids.ts). */
export function reviewRequestTokens(secret: string) {
  return {
    /** The review form's marker: a review sent with it is stored verified. */
    marker: signedIds(secret, 'review-request', 'review-verified'),
    /** The mail's opt-out link: no more review requests. */
    optOut: signedIds(secret, 'review-request', 'review-off'),
  };
}
export type ReviewRequestTokens = { marker: SignedIds; optOut: SignedIds };
export const reviewRequestTokensOf = (config: Config) =>
  reviewRequestTokens(resolveJwtSecret(config.jwtSecret, config.dataDir));

/**
 * When a request asked for at `doneAt` goes out: `delayHours` real hours later, moved out of the quiet hours
 * (21:00–08:00 wall time in `timeZone`) to 08:00 the next morning. Wall time is read and set in the zone itself,
 * so a DST night changes nothing: 08:00 is 08:00 on the clock, whatever the offset.
 */
export function reviewDueAt(doneAt: Date, delayHours: number, timeZone: string): Date {
  const due = new TZDate(doneAt.getTime() + delayHours * HOUR_MS, timeZone);
  const hour = due.getHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return new Date(due.getTime());
  const nextDay = hour >= QUIET_FROM_HOUR ? 1 : 0;
  return wallInstant(
    Date.UTC(due.getFullYear(), due.getMonth(), due.getDate() + nextDay, QUIET_UNTIL_HOUR),
    timeZone,
  ).at;
}

/** The name the form is filled in with: the first name and the last name's initial ("Ann B."), as reviews show. */
export function reviewerNameOf(fullName: string): string {
  const words = singleLine(fullName).split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return '';
  const last = rest.at(-1);
  return (last ? `${first} ${last[0]?.toUpperCase()}.` : first).slice(0, 100);
}

export type ReviewRequestsDeps = {
  db: Db;
  config: Config;
  tokens: ReviewRequestTokens;
  /** The business facts in force. */
  facts: () => Promise<SiteConfig>;
};

export type ReviewRequestsServiceDeps = {
  db: Db;
  timezone: string;
  /** The booking rules' review delay in force, read on `on` (the visit change's transaction). */
  delayHours: (on: Db) => Promise<number>;
};

/**
 * Review requests (docs/product.md#review-requests): marking a visit done asks for one, undoing it before it leaves
 * withdraws it, and the scheduler (runReviewRequests) sends the due ones.
 */
export function reviewRequestsService({ db, timezone, delayHours }: ReviewRequestsServiceDeps) {
  /**
   * A request for this visit's customer, due reviewDelayHours after `now` (or after the visit's end, when later)
   * out of the quiet hours; nothing when they had one in the last 180 days or opted out (decided by the store's
   * one statement). Answers whether one was scheduled.
   */
  async function request(visit: Visit, now: Date, on: Db = db): Promise<boolean> {
    if (visit.inquiry_id === null || !visit.email) return false;
    const delay = await delayHours(on);
    const values = {
      customer: visit.email.trim().toLowerCase(),
      inquiryId: visit.inquiry_id,
      visitKey: visit.key,
      requestedAt: now,
      // Never before the cleaning has happened: counted from its end when it is marked done early.
      dueAt: reviewDueAt(
        new Date(Math.max(now.getTime(), Date.parse(visit.end ?? '') || 0)),
        delay,
        timezone,
      ),
    };
    return reviewRequestsStore(on).upsert(values, REQUEST_EVERY_DAYS);
  }

  /** The visit is no longer done: its request is withdrawn, unless its mail already left. */
  const withdraw = (visitKey: string, on: Db = db) => reviewRequestsStore(on).withdraw(visitKey);

  return {
    request,
    withdraw,
    /** A visit the owner changed (PATCH /api/visits/{key}): done asks for a request, planned again withdraws it. */
    async visitChanged(visit: Visit, now: Date, on: Db = db): Promise<void> {
      if (visit.status === 'done') await request(visit, now, on);
      else if (visit.status === 'planned') await withdraw(visit.key, on);
    },
  };
}
export type ReviewRequestsService = ReturnType<typeof reviewRequestsService>;

/**
 * One pass at `now`: each request due and not yet sent is claimed (UPDATE … WHERE enqueued_at IS NULL RETURNING)
 * in the transaction that puts its mail in the outbox, so two servers or a restart send it once. A customer who
 * opted out since, or whose inquiry lost its e-mail, is claimed and sent nothing. Answers how many were mailed.
 */
export async function runReviewRequests(deps: ReviewRequestsDeps, now: Date): Promise<number> {
  const { config, tokens } = deps;
  const store = reviewRequestsStore(deps.db);
  const due = await store.due(now, BATCH);
  if (due.length === 0) return 0;
  // Read before the transactions: on the embedded database a read outside one waits for it to end.
  const facts = await deps.facts();
  let mailed = 0;
  for (const row of due) {
    const mail = row.email
      ? reviewRequestMail(
          { id: row.id, name: row.name, email: row.email },
          { ...facts, phone: formatPhone(facts.phone) },
          config.publicUrl,
          tokens,
        )
      : undefined;
    // Claimed even without a mail (opted out since, or no e-mail any more), so it is not tried again.
    const sent = await store.claim(row.id, now, mail && ((on) => enqueueMails(on, [mail])));
    if (sent) mailed++;
  }
  return mailed;
}

/** The review form's address for this request: the name filled in and the signed marker (works without script). */
export function reviewFormLink(
  publicUrl: string,
  request: { id: number; name: string },
  tokens: ReviewRequestTokens,
) {
  const query = new URLSearchParams({
    write: '1',
    name: reviewerNameOf(request.name),
    v: tokens.marker.tokenFor(request.id),
  });
  return `${publicUrl}/reviews?${query}#${REVIEW_FORM_HASH}`;
}

/**
 * The request: friendly plain text and the same in HTML, the review form's link, the owner's Google review page
 * when set — offered to every customer alike, whatever they thought (no gating by rating: Google forbids it) —
 * and an opt-out link, also as List-Unsubscribe with RFC 8058's one-click POST.
 */
export function reviewRequestMail(
  request: { id: number; name: string; email: string },
  facts: { businessName: string; phone: string; googleReviewUrl: string },
  publicUrl: string,
  tokens: ReviewRequestTokens,
): Mail {
  const form = reviewFormLink(publicUrl, request, tokens);
  const off = `${publicUrl}${REVIEW_OFF_PATH}?token=${tokens.optOut.tokenFor(request.id)}`;
  const google = facts.googleReviewUrl;
  const hello = `Hello ${singleLine(request.name)},`;
  const thanks = `Thank you for choosing ${facts.businessName}. We hope your home feels fresh.`;
  const ask =
    'Would you tell others how it went? It takes a minute, and every review helps a small business:';
  const googleAsk = 'If you prefer, you can also review us on Google:';
  const questions = `Something not right? Call or text us at ${facts.phone} and we will make it right.`;
  return {
    to: request.email,
    subject: `How was your cleaning? — ${facts.businessName}`,
    text: [
      hello,
      '',
      thanks,
      ask,
      '',
      form,
      '',
      ...(google ? [googleAsk, google, ''] : []),
      questions,
      '',
      facts.businessName,
      '',
      `No more review requests: ${off}`,
    ].join('\n'),
    html:
      `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1917">` +
      `<p>${html(hello)}</p><p>${html(thanks)}<br>${html(ask)}</p>` +
      `<p><a href="${html(form)}" style="display:inline-block;padding:10px 18px;background:#166534;color:#fff;border-radius:8px;text-decoration:none">Write a review</a></p>` +
      (google ? `<p>${html(googleAsk)} <a href="${html(google)}">Review us on Google</a></p>` : '') +
      `<p>${html(questions)}</p><p>${html(facts.businessName)}</p>` +
      `<p style="font-size:12px;color:#57534e"><a href="${html(off)}">No more review requests</a></p></body></html>`,
    headers: {
      'List-Unsubscribe': `<${off}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** POST /review-requests/off: this customer gets no more review requests. Idempotent; false for a bad token. */
export async function turnReviewRequestsOff(
  db: Db,
  tokens: ReviewRequestTokens,
  token: string,
): Promise<boolean> {
  const id = tokens.optOut.idOf(token);
  return id !== undefined && (await reviewRequestsStore(db).optOut(id));
}

/**
 * A review's marker, inside the transaction storing the review: true when it names a request whose mail left and
 * that no review used yet (one marker verifies one review). A forged or used marker verifies nothing; the review
 * is stored all the same, unverified.
 */
export async function claimReviewMarker(tx: Db, tokens: ReviewRequestTokens, marker: string | undefined) {
  const id = marker ? tokens.marker.idOf(marker) : undefined;
  return id !== undefined && (await reviewRequestsStore(tx).useMarker(id));
}
