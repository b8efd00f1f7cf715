import {
  addressOrTown,
  type CustomerLinkAction,
  formatAddress,
  formatPhone,
  type SiteConfig,
  singleLine,
  type Visit,
} from '@clean/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mail } from '../../lib/mailer';
import { enqueueMails } from '../../lib/outbox';
import { enqueuePush } from '../../lib/push-outbox';
import { ownerAddress } from '../notifications/mails';
import { customerUid, seriesOf, withChange } from '../notifications/series';
import { visitIcs, visitTimeText } from '../notifications/visit-ics';
import { visitChangeNotice } from '../push/notices';
import { parseKey } from '../visits/rule';

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

/** A schedule's series as it will be after the change (read before the change's transaction), null otherwise. */
async function seriesAfter(db: Db, change: ChangeNotice) {
  const parsed = parseKey(change.visit.key);
  const series = await seriesOf(db, change.visit.key);
  if (!series || parsed?.kind !== 'recurring') return null;
  const at = parsed.originalStart;
  if (change.action === 'reschedule' && change.to) return withChange(series, at, { to: change.to });
  return withChange(series, at, { skipped: change.action === 'skip' });
}

/**
 * The messages of one change: to the owner, a mail (the new-inquiry mail's address) and a push notice to each of
 * their devices; to the customer who gave an e-mail, a mail with the visit's .ics under the same UID as the
 * confirmation's, so their calendar entry moves (or, for a cancel or skip, is removed: METHOD:CANCEL). Built before
 * the change's transaction; `enqueue` writes them inside it, so they go exactly once, with the change. `facts`: the
 * business facts in force.
 */
export async function changeMessages(
  db: Db,
  config: Config,
  facts: SiteConfig,
  change: ChangeNotice,
  now: Date,
) {
  const timeZone = config.timezone;
  const owner = await ownerAddress(db, config);
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
    const series = await seriesAfter(db, change);
    // A schedule's skip takes one occurrence out of the series (EXDATE); the series itself stays published.
    const off = (action === 'cancel' || action === 'skip') && !series;
    const start = change.to ?? change.from;
    const ics = await visitIcs(
      {
        uid: customerUid(visit.key, new URL(config.publicUrl).hostname),
        start,
        minutes: change.minutes,
        summary: `Cleaning by ${facts.businessName}`,
        description: `Questions or changes: call ${phone}.`,
        location: addressOrTown(visit, facts.address.region),
        // Seconds of the clock: each later change of the entry has a higher sequence.
        sequence: Math.floor(now.getTime() / 1000),
        cancelled: off,
        ...(series ? { series } : {}),
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
        action === 'cancel' || action === 'skip'
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
