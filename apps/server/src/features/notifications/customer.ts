import { addressOrTown, formatMoney, formatPhone, singleLine } from '@clean/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';
import { feedUid } from '../calendar-feed/store';
import { customerLinksStore, LINK_PATH } from '../customer-link/store';
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

type Customer = {
  name: string;
  email: string | null;
  town: string | null;
  street_address: string | null;
  zip: string | null;
};

/** The customer's personal link, or why there is none in this mail (one from an earlier mail is live). */
export type LinkLine = { url: string } | { earlier: true };

const linkLines = (link: LinkLine | undefined, phone: string) =>
  !link
    ? [`To change or cancel, call or text us at ${phone}.`]
    : 'url' in link
      ? [
          'To move, skip or cancel a visit (up to the cutoff before it), open your personal page:',
          link.url,
          'Keep this link to yourself: it opens your visits without a password.',
          `Or call or text us at ${phone}.`,
        ]
      : [
          'To move, skip or cancel a visit, use the personal link in our first confirmation,',
          `or call or text us at ${phone}.`,
        ];

/** The confirmation's text and its `.ics`, with the customer's personal link when one was just issued. */
export async function confirmationMail(
  visit: BookedVisit & { minutes: number },
  customer: Customer & { email: string },
  facts: { businessName: string; phone: string; timezone: string; host: string; region: string },
  link?: LinkLine,
): Promise<Mail> {
  const when = visitTimeText(visit.start, facts.timezone);
  const price = visit.frequency
    ? `${formatMoney(visit.amount)} a visit (${singleLine(visit.frequency)})`
    : formatMoney(visit.amount);
  const where = addressOrTown(customer, facts.region);
  const ics = await visitIcs(
    {
      uid: `${feedUid(visit.key)}@${facts.host}`,
      start: visit.start,
      minutes: visit.minutes,
      summary: `Cleaning by ${facts.businessName}`,
      description: `Questions or changes: call ${facts.phone}.`,
      location: where,
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
      `Where: ${singleLine(where ?? '') || '—'}`,
      `Price: ${price}`,
      ...(visit.frequency ? [`Then: ${singleLine(visit.frequency)}`] : []),
      '',
      'The attached file (visit.ics) adds it to your calendar.',
      ...linkLines(link, facts.phone),
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
        .select({
          name: inquiries.name,
          email: inquiries.email,
          town: inquiries.town,
          street_address: inquiries.streetAddress,
          zip: inquiries.zip,
        })
        .from(inquiries)
        .where(eq(inquiries.id, visit.inquiryId));
      if (!customer?.email) return false;
      const facts = await site.current();
      const minutes = visit.minutes ?? (await visitsStore(db).workingHours()).default_duration_minutes;
      const email = customer.email;
      const mailFacts = {
        businessName: facts.businessName,
        phone: formatPhone(facts.phone),
        timezone: config.timezone,
        host: new URL(config.publicUrl).hostname,
        region: facts.address.region,
      };
      // The link and the mail carrying it commit together: a link is never issued that no mail holds.
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const token = await customerLinksStore(txDb).issue(visit.inquiryId);
        const link: LinkLine = token
          ? { url: `${config.publicUrl}${LINK_PATH}/${token}` }
          : { earlier: true };
        const mail = await confirmationMail({ ...visit, minutes }, { ...customer, email }, mailFacts, link);
        await enqueueMails(txDb, [mail]);
      });
      deps.kick();
      return true;
    }
  }
}

export type CustomerNotices = ReturnType<typeof customerNotices>;
