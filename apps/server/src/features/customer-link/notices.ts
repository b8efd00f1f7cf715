import {
  addressOrTown,
  type CustomerLinkAction,
  formatAddress,
  formatPhone,
  singleLine,
  type Visit,
} from '@clean/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';
import { enqueuePush } from '../../lib/push-outbox';
import { feedUid } from '../calendar-feed/store';
import { ownerAddress } from '../notifications/mails';
import { visitIcs, visitTimeText } from '../notifications/visit-ics';
import { visitChangeNotice } from '../push/notices';
import { siteStore } from '../site/store';

/** A change a customer made with their link: the visit as it was, and for a move its new start. */
export type ChangeNotice = {
  action: CustomerLinkAction;
  visit: Visit;
  from: Date;
  to?: Date;
  minutes: number;
};

const DONE: Record<CustomerLinkAction, string> = {
  cancel: 'cancelled',
  skip: 'skipped',
  reschedule: 'moved',
  undo: 'put back',
};

/**
 * The messages of one change: to the owner, a mail (the new-inquiry mail's address) and a push notice to each of
 * their devices; to the customer who gave an e-mail, a mail with the visit's .ics under the same UID as the
 * confirmation's, so their calendar entry moves (or, for a cancel or skip, is removed: METHOD:CANCEL). Built before
 * the change's transaction; `enqueue` writes them inside it, so they go exactly once, with the change.
 */
export async function changeMessages(db: Db, config: Config, change: ChangeNotice, now: Date) {
  const timeZone = config.timezone;
  const [owner, facts] = await Promise.all([ownerAddress(db, config), siteStore(db, config.site).current()]);
  const { visit, action } = change;
  const name = singleLine(visit.inquiry_name);
  const was = visitTimeText(change.from, timeZone);
  const becomes = change.to ? visitTimeText(change.to, timeZone) : null;
  const what = `${name} ${DONE[action]} the cleaning of ${was}${becomes ? ` to ${becomes}` : ''}`;
  const phone = formatPhone(facts.phone);

  const ownerMail: Mail | null = owner
    ? {
        to: owner,
        subject: `${name} ${DONE[action]} a visit: ${was}`,
        text: [
          `${what}, with their personal link.`,
          '',
          `Customer: ${name}`,
          `Phone: ${visit.phone_number ? formatPhone(visit.phone_number) : '—'}`,
          `Town: ${singleLine(visit.town ?? '') || '—'}`,
          `Address: ${singleLine(formatAddress(visit, facts.address.region) ?? '') || '—'}`,
          `Was: ${was}`,
          ...(becomes ? [`Now: ${becomes}`] : []),
          '',
          `The Agenda shows it: ${config.publicUrl}/contact-center`,
        ].join('\n'),
      }
    : null;

  let customerMail: Mail | null = null;
  if (visit.email) {
    const off = action === 'cancel' || action === 'skip';
    const start = change.to ?? change.from;
    const ics = await visitIcs(
      {
        uid: `${feedUid(visit.key)}@${new URL(config.publicUrl).hostname}`,
        start,
        minutes: change.minutes,
        summary: `Cleaning by ${facts.businessName}`,
        description: `Questions or changes: call ${phone}.`,
        location: addressOrTown(visit, facts.address.region),
        // Seconds of the clock: each later change of the entry has a higher sequence.
        sequence: Math.floor(now.getTime() / 1000),
        cancelled: off,
      },
      timeZone,
      facts.businessName,
    );
    const headline =
      action === 'reschedule'
        ? `Your cleaning is moved to ${becomes}.`
        : action === 'undo'
          ? `Your cleaning of ${was} is back on.`
          : `Your cleaning of ${was} is ${DONE[action]}.`;
    customerMail = {
      to: visit.email,
      subject: `Your cleaning is ${action === 'undo' ? 'back on' : DONE[action]}: ${becomes ?? was} — ${facts.businessName}`,
      text: [
        `Hello ${name},`,
        '',
        headline,
        ...(action === 'skip' ? ['Your regular schedule goes on as before.'] : []),
        '',
        off
          ? 'The attached file (visit.ics) removes it from your calendar.'
          : action === 'undo'
            ? 'The attached file (visit.ics) puts it back in your calendar.'
            : 'The attached file (visit.ics) moves it in your calendar.',
        `Questions: call or text us at ${phone}.`,
        '',
        facts.businessName,
      ].join('\n'),
      attachments: [
        {
          filename: 'visit.ics',
          contentType: `text/calendar; charset=utf-8; method=${off ? 'CANCEL' : 'PUBLISH'}`,
          content: ics,
        },
      ],
    };
  }
  const push = visitChangeNotice(name, DONE[action], becomes ?? was);

  return {
    async enqueue(tx: Db) {
      const mails = [ownerMail, customerMail].filter((m): m is Mail => m !== null);
      if (mails.length) await enqueueMails(tx, mails);
      await enqueuePush(tx, push);
    },
  };
}
