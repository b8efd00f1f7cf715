import {
  addressOrTown,
  businessDate,
  formatMoney,
  formatPhone,
  type SiteConfig,
  singleLine,
  type Visit,
} from '@clean/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';
import { signedIds } from '../../lib/signed-ids';
import { e164, enqueueSms, type Sms } from '../../lib/sms';
import { everyTick } from '../../lib/ticker';
import { visitTimeText } from '../notifications/visit-ics';
import type { RemindersStore } from './store';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * How long a sent reminder's row is kept after its visit's start. Only visits still ahead are ever reminded, so a
 * row is needed until its start; a week more leaves room for servers whose clocks disagree.
 */
const REMINDER_ROWS_KEPT_MS = 7 * 24 * HOUR_MS;
export const REMINDER_OFF_PATH = '/reminders/off';

/**
 * The opt-out token of a customer: their inquiry id and an HMAC of it under a key derived from the server's
 * secret (lib/signed-ids.ts). Nothing is stored (so every reminder carries the same working link, and a database
 * dump holds no token); a forged or altered one fails the comparison.
 */
export function optOutTokens(secret: string) {
  const ids = signedIds(secret, 'reminder-opt-out', 'reminders-off');
  return { tokenFor: ids.tokenFor, inquiryOf: ids.idOf };
}
export type OptOutTokens = ReturnType<typeof optOutTokens>;

export type RemindersDeps = {
  store: RemindersStore;
  config: Config;
  tokens: OptOutTokens;
  /** The visits starting in [from, to) (the visits feature's read model). */
  visitsBetween: (from: Date, to: Date) => Promise<Visit[]>;
  /** The business facts in force. */
  facts: () => Promise<SiteConfig>;
};

/**
 * The reminder due for a visit at `now`: the one of the configured hours (largest first, e.g. 72, 2) whose time
 * (start minus that many hours, absolute hours, so DST changes nothing) passed most recently, or none before the
 * first one's time or once the visit has begun. A server that was down at a reminder's time sends the latest one
 * due when it comes back, never the older ones it missed.
 */
export function dueReminder(start: Date, hours: number[], now: Date): number | undefined {
  if (start.getTime() <= now.getTime()) return undefined;
  let due: number | undefined;
  for (const h of hours) if (start.getTime() - h * HOUR_MS <= now.getTime()) due = h;
  return due;
}

type Due = { visit: Visit; hours: number };

/**
 * One pass of the reminders at `now`: every planned visit starting within the largest reminder's hours gets the
 * reminder due (dueReminder), once. Its row in visit_reminders (visit key, hours, start) and its messages commit
 * in one transaction, and the row's key decides: a second server, or this one after a restart, inserts nothing and
 * sends nothing. A visit moved elsewhere has a new start, so it is reminded of its new time; skipped, done,
 * cancelled or declined visits are not planned, and are never reminded. A pass that sends some deletes the rows of
 * visits that started more than REMINDER_ROWS_KEPT_MS ago. Answers how many visits were reminded.
 */
export async function runReminders(deps: RemindersDeps, now: Date): Promise<number> {
  const { store, config } = deps;
  const hours = config.reminderHours;
  const longest = hours[0];
  if (longest === undefined) return 0;
  // [now, now + longest]: a visit exactly `longest` hours ahead is due now (the range's end is exclusive).
  const upcoming = await deps.visitsBetween(now, new Date(now.getTime() + longest * HOUR_MS + 1));
  const due: Due[] = upcoming.flatMap((visit) => {
    if (visit.status !== 'planned' || visit.inquiry_id === null) return [];
    const h = dueReminder(new Date(visit.start), hours, now);
    return h === undefined ? [] : [{ visit, hours: h }];
  });
  if (due.length === 0) return 0;
  const booked = await bookedAt(store, due);
  const optedOut = await store.optedOut([...new Set(due.flatMap((d) => d.visit.inquiry_id ?? []))]);
  // Read before the transactions: on the embedded database a read outside one waits for it to end.
  const facts = await deps.facts();
  let reminded = 0;
  for (const d of due) {
    if (optedOut.has(d.visit.inquiry_id)) continue;
    // A visit booked after this reminder's time (30 h ahead: the 72 h one) just had its confirmation.
    const bookedAtMs = booked.get(d.visit.key);
    if (bookedAtMs !== undefined && bookedAtMs > Date.parse(d.visit.start) - d.hours * HOUR_MS) continue;
    const messages = reminderMessages(d, { ...facts, phone: formatPhone(facts.phone) }, deps, now);
    if (!messages.mail && !messages.sms) continue;
    const row = { visitKey: d.visit.key, hoursBefore: d.hours, startsAt: new Date(d.visit.start) };
    const sent = await store.remind(row, async (on) => {
      if (messages.mail) await enqueueMails(on, [messages.mail]);
      if (messages.sms) await enqueueSms(on, [messages.sms]);
    });
    if (sent) reminded++;
  }
  if (reminded > 0) {
    // One row per reminder sent would pile up for ever: pruned by the passes that add rows, not every idle tick.
    await store.prune(new Date(now.getTime() - REMINDER_ROWS_KEPT_MS));
  }
  return reminded;
}

/** When each due visit's cleaning or schedule was created, by visit key. */
async function bookedAt(store: RemindersStore, due: Due[]): Promise<Map<string, number>> {
  const { cleanings: cleaningAt, schedules: scheduleAt } = await store.bookedAt(
    due.flatMap((d) => d.visit.one_time_cleaning_id ?? []),
    [...new Set(due.flatMap((d) => d.visit.recurring_payment_id ?? []))],
  );
  const result = new Map<string, number>();
  for (const { visit } of due) {
    const at =
      visit.one_time_cleaning_id !== null
        ? cleaningAt.get(visit.one_time_cleaning_id)
        : visit.recurring_payment_id !== null
          ? scheduleAt.get(visit.recurring_payment_id)
          : undefined;
    if (at !== undefined) result.set(visit.key, at);
  }
  return result;
}

/**
 * When the visit is, as the customer's calendar says it at `now`: "today", "tomorrow", "on Tuesday" within the
 * week, "on Tuesday, June 1" beyond. Business dates, not elapsed hours: a 2 h reminder at 23:30 is for tomorrow.
 */
export function whichDay(start: Date, now: Date, timeZone: string): string {
  const days = Math.round(
    (Date.parse(businessDate(start, timeZone)) - Date.parse(businessDate(now, timeZone))) / DAY_MS,
  );
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(start);
  if (days < 7) return `on ${weekday}`;
  return `on ${weekday}, ${new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric' }).format(start)}`;
}

/** The reminder's mail (when the customer has an e-mail) and text (when they chose "text" and SMS is configured). */
function reminderMessages(
  { visit }: Due,
  facts: { businessName: string; phone: string; address: { region: string } },
  deps: RemindersDeps,
  now: Date,
): { mail?: Mail; sms?: Sms } {
  const { config, tokens } = deps;
  const when = visitTimeText(new Date(visit.start), config.timezone);
  const off = `${config.publicUrl}${REMINDER_OFF_PATH}?token=${tokens.tokenFor(visit.inquiry_id as number)}`;
  const soon = whichDay(new Date(visit.start), now, config.timezone);
  const mail: Mail | undefined = visit.email
    ? {
        to: visit.email,
        subject: `Reminder: your cleaning on ${when} — ${facts.businessName}`,
        text: [
          `Hello ${singleLine(visit.inquiry_name)},`,
          '',
          `A reminder of your cleaning with ${facts.businessName}, ${soon}:`,
          '',
          `When: ${when}`,
          `Where: ${singleLine(addressOrTown(visit, facts.address.region) ?? '') || '—'}`,
          `Price: ${formatMoney(visit.amount)}`,
          '',
          `To change or cancel, call or text us at ${facts.phone}.`,
          '',
          `No more reminders: ${off}`,
          '',
          facts.businessName,
        ].join('\n'),
        headers: {
          'List-Unsubscribe': `<${off}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }
    : undefined;
  const to = config.sms && visit.call_or_text === 'text' ? e164(visit.phone_number) : undefined;
  const sms: Sms | undefined = to
    ? {
        to,
        body: `${facts.businessName} reminder: your cleaning ${when}. Questions: ${facts.phone}. No more reminders: ${off}`,
      }
    : undefined;
  return { ...(mail ? { mail } : {}), ...(sms ? { sms } : {}) };
}

/** POST /reminders/off: this customer gets no more reminders (confirmations still go). Idempotent. */
export async function turnRemindersOff(store: RemindersStore, tokens: OptOutTokens, token: string) {
  const inquiryId = tokens.inquiryOf(token);
  // A customer deleted since: the link names no one.
  return inquiryId !== undefined && (await store.optOut(inquiryId));
}

/**
 * Looks for reminders due every `tickMs` (and at once: a server coming back sends what is due now), with the clock
 * as a parameter for tests. Stops before the database closes.
 */
export function scheduleReminders(
  deps: RemindersDeps & { log: FastifyBaseLogger; tickMs: number; now?: () => Date },
) {
  return everyTick({
    tickMs: deps.tickMs,
    now: deps.now,
    pass: (now) => runReminders(deps, now),
    log: deps.log,
    done: 'visit reminders queued',
    what: 'visit reminders',
  });
}
