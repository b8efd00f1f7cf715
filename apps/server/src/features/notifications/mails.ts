import {
  ADMIN_USERNAME,
  formatAddress,
  formatDateTime,
  formatMoney,
  formatPhone,
  HEARD_FROM_LABELS,
  type Inquiry,
  type InquiryQuote,
  QUOTE_FREQUENCY_LABELS,
  type Review,
  singleLine,
} from '@clean/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Mail } from '../../lib/mailer';

/** The owner's address for notifications: NOTIFY_EMAIL, else the admin account's e-mail; null when 'off'. */
export async function ownerAddress(db: Db, config: Config): Promise<string | null> {
  if (config.notifyEmail === 'off') return null;
  if (config.notifyEmail) return config.notifyEmail;
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.username, ADMIN_USERNAME));
  return admin?.email || config.adminEmail || null;
}

/**
 * A field on one line. The schemas already make single-line fields so; this also holds for rows stored before
 * they did, so that no value can start a line that looks like one of the mail's own ("Phone: …").
 */
const line = (label: string, value: string | null | undefined) =>
  `${label}: ${singleLine(value ?? '') || '—'}`;

/** Text the visitor wrote over several lines: below its label, each line quoted with "> ", set apart from ours. */
function block(label: string, value: string | null | undefined): string {
  const text = value?.trim();
  if (!text) return `${label}: —`;
  return [`${label}:`, ...text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).map((l) => `> ${l}`)].join('\n');
}

/** The quote in a few words: "$243.00 for about 4 h 20 min, every 2 weeks". */
export function quoteSummary(quote: InquiryQuote): string {
  const h = Math.floor(quote.duration_minutes / 60);
  const m = quote.duration_minutes % 60;
  const length = [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
  return `${formatMoney(quote.amount)} for about ${length}, ${QUOTE_FREQUENCY_LABELS[quote.frequency].toLowerCase()}`;
}

/**
 * To the owner: a new booking request, everything needed to call back at once — with the server's quote and,
 * when the request holds one, the time asked for (shown in the business's zone).
 */
export function newInquiryMail(
  inquiry: Inquiry,
  to: string,
  config: Config,
  /** The time the request holds (docs/product.md#open-times-and-holds), shown in the business time zone. */
  requested?: { start: Date; minutes: number },
): Mail {
  const how = inquiry.call_or_text === 'text' ? 'Text' : 'Call';
  const quote = inquiry.quote;
  return {
    to,
    subject: `New booking request from ${inquiry.name}`,
    ...(inquiry.email ? { replyTo: inquiry.email } : {}),
    text: [
      `${singleLine(inquiry.name)} sent a booking request on the website.`,
      '',
      line('Name', inquiry.name),
      line('Phone', inquiry.phone_number ? formatPhone(inquiry.phone_number) : null),
      line('E-mail', inquiry.email),
      line('Prefers', inquiry.phone_number ? `${how} me` : null),
      line('Town', inquiry.town),
      line('Address', formatAddress(inquiry, config.site.address.region)),
      ...(quote
        ? [
            line('Estimate', quoteSummary(quote)),
            ...quote.lines.map((l) => `  ${singleLine(l.label)}: ${formatMoney(l.amount)}`),
          ]
        : []),
      // Only a request that holds a time has the line: the others' mails stay as they were.
      ...(requested
        ? [
            line(
              'Time asked for',
              `${formatDateTime(requested.start, config.timezone)} (${requested.minutes} minutes), held until you confirm or decline it on the Agenda`,
            ),
          ]
        : []),
      ...(inquiry.heard_from ? [line('Heard about us', HEARD_FROM_LABELS[inquiry.heard_from])] : []),
      block('Description', inquiry.description),
      '',
      `Open the contact center: ${config.publicUrl}/contact-center`,
    ].join('\n'),
  };
}

/** How every acknowledgement's subject starts: the daily caps count the outbox's rows by it. */
export const ACKNOWLEDGEMENT_SUBJECT = 'We received your request';

/**
 * To the visitor who gave an e-mail address: a short acknowledgement. Anyone can type any address into the form,
 * so it carries no text the visitor wrote (a name such as "WIN $1000 at https://spam.example" would make the
 * business a spam relay): a fixed greeting, the business's own words, and the phone number reduced to digits.
 */
export function acknowledgementMail(inquiry: Inquiry, config: Config): Mail | null {
  if (!inquiry.email) return null;
  const { businessName, phone } = config.site;
  const how = inquiry.call_or_text === 'text' ? 'text' : 'call';
  const reach = inquiry.phone_number
    ? `will ${how} you at ${formatPhone(inquiry.phone_number)}`
    : 'will reply by e-mail';
  return {
    to: inquiry.email,
    subject: `${ACKNOWLEDGEMENT_SUBJECT} — ${businessName}`,
    text: [
      'Hello,',
      '',
      `Thank you for contacting ${businessName}. We received your request and ${reach} soon.`,
      `If it is urgent, call us at ${phone}.`,
      '',
      businessName,
    ].join('\n'),
  };
}

/** To the owner: a review waits for moderation. */
export function pendingReviewMail(review: Review, to: string, config: Config): Mail {
  return {
    to,
    subject: `New review from ${review.reviewer_name} (${review.rating} of 5) awaits approval`,
    text: [
      `${singleLine(review.reviewer_name)} left a review that waits for your approval.`,
      '',
      line('Reviewer', review.reviewer_name),
      line('Rating', `${review.rating} of 5`),
      block('Comment', review.comment),
      '',
      `Approve or delete it in Manage: ${config.publicUrl}/contact-center?tab=manage`,
    ].join('\n'),
  };
}
