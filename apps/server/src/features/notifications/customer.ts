import { addressOrTown, formatMoney, formatPhone, type SiteConfig, singleLine } from '@clean/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';
import { LINK_PATH } from '../customer-link/path';
import { busyTimes } from '../visits/busy-times';
import { customerUid, type Series, seriesOf } from './series';
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

/**
 * What the customer may do with this visit, and only that: a visit of a schedule is moved or skipped (the schedule
 * itself ends by a call), a one-time visit moved or cancelled (docs/product.md#the-customers-link).
 */
const changesOf = (recurring: boolean) => (recurring ? 'move or skip a visit' : 'move or cancel your visit');

const linkLines = (link: LinkLine | undefined, phone: string, recurring: boolean) =>
  !link
    ? [`To ${changesOf(recurring)}, call or text us at ${phone}.`]
    : 'url' in link
      ? [
          `To ${changesOf(recurring)} (up to the cutoff before it), open your personal page:`,
          link.url,
          'Keep this link to yourself: it opens your visits without a password.',
          `Or call or text us at ${phone}.`,
        ]
      : [
          `To ${changesOf(recurring)}, use the personal link in our first confirmation,`,
          `or call or text us at ${phone}.`,
        ];

/** The confirmation's text and its `.ics`, with the customer's personal link when one was just issued. */
export async function confirmationMail(
  visit: BookedVisit & { minutes: number; series?: Series | null },
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
      uid: customerUid(visit.key, facts.host),
      start: visit.start,
      minutes: visit.minutes,
      summary: `Cleaning by ${facts.businessName}`,
      description: `Questions or changes: call ${facts.phone}.`,
      location: where,
      ...(visit.series ? { series: visit.series } : {}),
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
      ...linkLines(link, facts.phone, visit.frequency !== undefined),
      '',
      facts.businessName,
    ].join('\n'),
    attachments: [
      { filename: 'visit.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics },
    ],
  };
}

/**
 * Messages to the customer about their visits, when the inquiry has an e-mail address; a mail leaves through the
 * outbox (retried while SMTP is down). The confirmation is written inside the booking's own transaction (`queue`
 * in a confirm's, `booking` around an owner's create), so the booking and its mail commit together or neither does.
 */
/** `factsOn`: the business facts in force, read on the caller's transaction. */
export function customerNotices(deps: {
  db: Db;
  config: Config;
  factsOn: (on: Db) => Promise<SiteConfig>;
  /** The customer's link token, issued on `on` (features/customer-link); null when none can be given. */
  issueLink: (on: Db, inquiryId: number) => Promise<string | null>;
}) {
  const { db, config } = deps;

  /**
   * The confirmation, its `.ics` and the customer's link, written with `tx` (reads too: on the embedded database
   * a read outside a transaction waits for it to end). The link and the mail carrying it commit together: a link
   * is never issued that no mail holds. Throws when they cannot be written, failing the transaction.
   */
  async function queue(tx: Db, visit: BookedVisit): Promise<boolean> {
    const [customer] = await tx
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
    const facts = await deps.factsOn(tx);
    const minutes =
      visit.minutes ?? (await busyTimes(config.timezone).workingHours(tx)).default_duration_minutes;
    const mailFacts = {
      businessName: facts.businessName,
      phone: formatPhone(facts.phone),
      timezone: config.timezone,
      host: new URL(config.publicUrl).hostname,
      region: facts.address.region,
    };
    const token = await deps.issueLink(tx, visit.inquiryId);
    const link: LinkLine = token ? { url: `${config.publicUrl}${LINK_PATH}/${token}` } : { earlier: true };
    const mail = await confirmationMail(
      { ...visit, minutes, series: await seriesOf(tx, visit.key) },
      { ...customer, email: customer.email },
      mailFacts,
      link,
    );
    await enqueueMails(tx, [mail]);
    return true;
  }

  return {
    queue,
    /**
     * Writes a booking with `write` and queues the confirmation of the visit `visitOf` names (null: none) in the
     * same transaction, so the owner's create and its mail commit together or neither does.
     */
    async booking<T>(write: (tx: Db) => Promise<T>, visitOf: (made: T) => BookedVisit | null): Promise<T> {
      return db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const result = await write(txDb);
        const visit = visitOf(result);
        if (visit) await queue(txDb, visit);
        return result;
      });
    },
  };
}

export type CustomerNotices = ReturnType<typeof customerNotices>;
export type Booking = CustomerNotices['booking'];
