import {
  addressOrTown,
  formatMoney,
  formatPhone,
  type OverduePayment,
  singleLine,
  wallInstant,
} from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { and, asc, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  inquiries,
  recurringPaid,
  recurringPaidDates,
  recurringPayments,
  reviews,
  visitExceptions,
} from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { overdueSchedules } from '../recurring/overdue';
import { visitsOn } from '../visits/read-model';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Visit = {
  at: Date;
  kind: 'one-time' | 'recurring';
  name: string;
  town: string | null;
  street_address: string | null;
  zip: string | null;
  amount: number;
  phone: string | null;
  /** Who cleans it (features/visits); null: nobody assigned, or a paid date typed by hand. */
  cleaner?: string | null;
};

export type DigestContent = {
  /** The business date the digest looks ahead to, and the instants its day starts and ends. */
  tomorrow: { start: Date; end: Date };
  visits: Visit[];
  waiting: Array<{ name: string; town: string | null; phone: string | null; submittedAt: Date }>;
  overdue: OverduePayment[];
  reviews: Array<{ name: string; rating: number }>;
};

/** Tomorrow in the business zone, midnight to midnight: 23 or 25 hours long on a DST change. */
export function tomorrowOf(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = new TZDate(now.getTime(), timeZone);
  const at = (days: number) =>
    wallInstant(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + days), timeZone).at;
  return { start: at(1), end: at(2) };
}

/** Everything the owner should know tonight: tomorrow's visits, stale new leads, late payments, reviews. */
export async function collectDigest(db: Db, timeZone: string, now: Date): Promise<DigestContent> {
  const tomorrow = tomorrowOf(now, timeZone);
  // Tomorrow's visits as the Agenda shows them: one-time cleanings and planned (or done) recurring occurrences.
  const planned = (await visitsOn(db, timeZone).visitsBetween(tomorrow.start, tomorrow.end)).filter(
    (v) => v.status !== 'skipped',
  );
  // Paid dates recorded by hand for tomorrow (schedules without visits on the calendar); a Done & paid record
  // is the visit itself, already listed.
  const recurring = await db
    .select({
      at: recurringPaidDates.dateTime,
      name: inquiries.name,
      town: inquiries.town,
      street_address: inquiries.streetAddress,
      zip: inquiries.zip,
      amount: recurringPayments.amount,
      phone: inquiries.phoneNumber,
    })
    .from(recurringPaidDates)
    .innerJoin(recurringPaid, eq(recurringPaid.id, recurringPaidDates.recurringPaidId))
    .innerJoin(recurringPayments, eq(recurringPayments.id, recurringPaid.recurringPaymentId))
    .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
    .where(
      and(
        gte(recurringPaidDates.dateTime, tomorrow.start),
        lt(recurringPaidDates.dateTime, tomorrow.end),
        notExists(
          db
            .select({ one: sql`1` })
            .from(visitExceptions)
            .where(eq(visitExceptions.recurringPaidId, recurringPaid.id)),
        ),
      ),
    );
  const visits: Visit[] = [
    ...planned.map((v) => ({
      at: new Date(v.start),
      kind: v.kind === 'one_time' ? ('one-time' as const) : ('recurring' as const),
      name: v.inquiry_name,
      town: v.town,
      street_address: v.street_address,
      zip: v.zip,
      amount: v.amount,
      phone: v.phone_number,
      cleaner: v.cleaner_name,
    })),
    ...recurring.map((v) => ({ ...v, kind: 'recurring' as const })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.name.localeCompare(b.name));

  const waiting = await db
    .select({
      name: inquiries.name,
      town: inquiries.town,
      phone: inquiries.phoneNumber,
      submittedAt: inquiries.submittedAt,
    })
    .from(inquiries)
    .where(
      and(eq(inquiries.status, 'New Inquiry'), lt(inquiries.submittedAt, new Date(now.getTime() - DAY_MS))),
    )
    .orderBy(asc(inquiries.submittedAt));
  const pending = await db
    .select({ name: reviews.reviewerName, rating: reviews.rating })
    .from(reviews)
    .where(eq(reviews.status, 'pending'))
    .orderBy(asc(reviews.createdAt));
  return {
    tomorrow,
    visits,
    waiting,
    overdue: await overdueSchedules(db, timeZone, now),
    reviews: pending,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The digest as one mail to the owner; null when there is nothing to say. */
export function digestMail(content: DigestContent, to: string, config: Config): Mail | null {
  const { visits, waiting, overdue, reviews: pending } = content;
  if (visits.length + waiting.length + overdue.length + pending.length === 0) return null;
  const zone = config.timezone;
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(content.tomorrow.start);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  const date = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric' });
  const phone = (p: string | null) => (p ? formatPhone(p) : 'no phone');
  const where = (town: string | null) => (town ? `, ${singleLine(town)}` : '');
  // Tomorrow's visits name the home to drive to; the waiting requests keep their town.
  const home = (v: Visit) => where(addressOrTown(v, config.site.address.region));
  // Names as the schemas now keep them, one line each, rows stored before they did included (notifications/mails.ts).
  const name = singleLine;
  // Who cleans it, once the owner has a team (a visit nobody was given says nothing: the owner's own, as before).
  const cleans = (v: Visit) => (v.cleaner ? ` — ${singleLine(v.cleaner)} cleans` : '');

  const lines: string[] = [
    `Tomorrow, ${day}: ${visits.length ? plural(visits.length, 'visit') : 'no visits'}.`,
  ];
  for (const v of visits) {
    const kind = v.kind === 'one-time' ? 'one-time' : 'recurring';
    lines.push(
      `  ${time.format(v.at)}  ${name(v.name)}${home(v)} — ${formatMoney(v.amount)} (${kind}) — ${phone(v.phone)}${cleans(v)}`,
    );
  }
  if (waiting.length) {
    lines.push('', `Booking requests still "New Inquiry" after 24 hours: ${waiting.length}`);
    for (const w of waiting) {
      lines.push(
        `  ${name(w.name)}${where(w.town)} — ${phone(w.phone)} — since ${date.format(w.submittedAt)}`,
      );
    }
  }
  if (overdue.length) {
    lines.push('', `Payments overdue: ${overdue.length}`);
    for (const o of overdue) {
      lines.push(
        `  ${name(o.inquiry_name)} — ${formatMoney(o.amount)} ${o.frequency} — ${o.days_overdue} days late`,
      );
    }
  }
  if (pending.length) {
    lines.push('', `Reviews waiting for approval: ${pending.length}`);
    for (const r of pending) lines.push(`  ${name(r.name)} (${r.rating} of 5)`);
  }
  lines.push('', `Open the contact center: ${config.publicUrl}/contact-center`);

  const summary = [
    plural(visits.length, 'visit'),
    waiting.length ? plural(waiting.length, 'request waiting', 'requests waiting') : '',
    overdue.length ? plural(overdue.length, 'payment overdue', 'payments overdue') : '',
    pending.length ? plural(pending.length, 'review to approve', 'reviews to approve') : '',
  ].filter(Boolean);
  return { to, subject: `Tomorrow, ${day}: ${summary.join(', ')}`, text: lines.join('\n') };
}
