import { addressOrTown, formatPhone, type SiteConfig, singleLine, type Visit } from '@clean/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { enqueueMails } from '../../lib/outbox';
import { customerUid, seriesOf } from './series';
import { visitIcs, visitTimeText } from './visit-ics';

/**
 * The owner moved a visit (PATCH /api/visits/{key} with a new start): the customer who gave an e-mail gets the new
 * time and the visit's `.ics` under the confirmation's UID with a higher sequence, so their calendar entry moves.
 * Written in the move's transaction (`on`): it goes with the move, exactly once, or not at all.
 */
export async function tellCustomerOfMove(
  on: Db,
  config: Config,
  facts: SiteConfig,
  visit: Visit,
  from: Date,
  now: Date,
) {
  if (!visit.email) return;
  const timeZone = config.timezone;
  const start = new Date(visit.start);
  const phone = formatPhone(facts.phone);
  const was = visitTimeText(from, timeZone);
  const becomes = visitTimeText(start, timeZone);
  const where = addressOrTown(visit, facts.address.region);
  // Read in the move's transaction, after the move: the series as it now is.
  const series = await seriesOf(on, visit.key);
  const ics = await visitIcs(
    {
      uid: customerUid(visit.key, new URL(config.publicUrl).hostname),
      start,
      minutes: Math.round((Date.parse(visit.end) - start.getTime()) / 60_000),
      summary: `Cleaning by ${facts.businessName}`,
      description: `Questions or changes: call ${phone}.`,
      location: where,
      // Seconds of the clock, as the customer's own changes: each later change of the entry has a higher sequence.
      sequence: Math.floor(now.getTime() / 1000),
      ...(series ? { series } : {}),
    },
    timeZone,
    facts.businessName,
  );
  await enqueueMails(on, [
    {
      to: visit.email,
      subject: `Your cleaning is moved: ${becomes} — ${facts.businessName}`,
      text: [
        `Hello ${singleLine(visit.inquiry_name)},`,
        '',
        `We moved your cleaning of ${was} to ${becomes}.`,
        ...(where ? [`Where: ${singleLine(where)}`] : []),
        '',
        'The attached file (visit.ics) moves it in your calendar.',
        `Questions: call or text us at ${phone}.`,
        '',
        facts.businessName,
      ].join('\n'),
      attachments: [
        { filename: 'visit.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics },
      ],
    },
  ]);
}
