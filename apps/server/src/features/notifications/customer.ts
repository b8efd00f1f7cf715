import { formatMoney, formatPhone, singleLine } from '@clean/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';
import { feedUid } from '../calendar-feed/store';
import { siteStore } from '../site/store';
import { visitsStore } from '../visits/store';
import { visitIcs, visitTimeText } from './visit-ics';

/** A visit just booked: a one-time cleaning, or a schedule's first visit (with its frequency). */
export type BookedVisit = {
  key: string;
  inquiryId: number;
  start: Date;
  minutes: number | null;
  amount: number;
  frequency?: string;
};

export const CONFIRMATION_SUBJECT = 'Your cleaning is booked';

type Customer = { name: string; email: string | null; town: string | null };

/** The confirmation's text and its `.ics`; no personal link yet (a later change brings it). */
export async function confirmationMail(
  visit: BookedVisit & { minutes: number },
  customer: Customer & { email: string },
  facts: { businessName: string; phone: string; timezone: string; host: string },
): Promise<Mail> {
  const when = visitTimeText(visit.start, facts.timezone);
  const price = visit.frequency
    ? `${formatMoney(visit.amount)} a visit (${singleLine(visit.frequency)})`
    : formatMoney(visit.amount);
  const ics = await visitIcs(
    {
      uid: `${feedUid(visit.key)}@${facts.host}`,
      start: visit.start,
      minutes: visit.minutes,
      summary: `Cleaning by ${facts.businessName}`,
      description: `Questions or changes: call ${facts.phone}.`,
      location: customer.town,
    },
    facts.timezone,
    facts.businessName,
  );
  return {
    to: customer.email,
    subject: `${CONFIRMATION_SUBJECT}: ${when} — ${facts.businessName}`,
    text: [
      `Hello ${singleLine(customer.name)},`,
      '',
      `${visit.frequency ? 'Your first cleaning' : 'Your cleaning'} with ${facts.businessName} is booked:`,
      '',
      `When: ${when}`,
      `Where: ${singleLine(customer.town ?? '') || '—'}`,
      `Price: ${price}`,
      ...(visit.frequency ? [`Then: ${singleLine(visit.frequency)}`] : []),
      '',
      'The attached file (visit.ics) adds it to your calendar.',
      `To change or cancel, call or text us at ${facts.phone}.`,
      '',
      facts.businessName,
    ].join('\n'),
    attachments: [
      { filename: 'visit.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics },
    ],
  };
}

/**
 * Messages to the customer about their visits. `confirm` mails the confirmation of a visit just booked, when the
 * inquiry has an e-mail address; the mail leaves through the outbox (retried while SMTP is down).
 */
export function customerNotices(deps: { db: Db; config: Config; kick: () => void; log: FastifyBaseLogger }) {
  const { db, config } = deps;
  const site = siteStore(db, config.site);
  return {
    /**
     * Never fails the booking it follows (already committed): a failure to write the mail is logged, with the
     * visit's key only.
     */
    async confirm(visit: BookedVisit): Promise<boolean> {
      try {
        return await confirmOne(visit);
      } catch (err) {
        deps.log.error({ err, visit: visit.key }, 'confirmation mail could not be queued');
        return false;
      }
    },
  };

  async function confirmOne(visit: BookedVisit): Promise<boolean> {
    {
      const [customer] = await db
        .select({ name: inquiries.name, email: inquiries.email, town: inquiries.town })
        .from(inquiries)
        .where(eq(inquiries.id, visit.inquiryId));
      if (!customer?.email) return false;
      const facts = await site.current();
      const minutes = visit.minutes ?? (await visitsStore(db).workingHours()).default_duration_minutes;
      const mail = await confirmationMail(
        { ...visit, minutes },
        { ...customer, email: customer.email },
        {
          businessName: facts.businessName,
          phone: formatPhone(facts.phone),
          timezone: config.timezone,
          host: new URL(config.publicUrl).hostname,
        },
      );
      await enqueueMails(db, [mail]);
      deps.kick();
      return true;
    }
  }
}

export type CustomerNotices = ReturnType<typeof customerNotices>;
