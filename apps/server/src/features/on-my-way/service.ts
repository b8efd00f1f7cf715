import type { OnMyWay, OnMyWayStatus, SiteConfig } from '@clean/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { enqueueMails } from '../../lib/outbox';
import { e164, enqueueSms } from '../../lib/sms';
import { assignedVisit } from '../visits/assignee';
import { type OnMyWayRow, onMyWayStore } from './store';

export type OnMyWayDeps = {
  db: Db;
  config: Config;
  now: () => Date;
  /** The business facts in force (features/site): the owner's saved edits over the configured defaults. */
  siteFacts: () => Promise<SiteConfig>;
};

type Channel = OnMyWay['channel'];

/** "9:40 AM": the visit's start as the customer's clock says it. */
export const arrivalTime = (start: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(
    start,
  );

const answer = (row: OnMyWayRow, alreadySent: boolean): OnMyWay => ({
  key: row.visitKey,
  channel: row.channel as Channel,
  sent_at: row.sentAt.toISOString(),
  already_sent: alreadySent,
});

/**
 * "On my way" (docs/api.md#on-my-way): one message a visit, by text when SMS is configured and the customer
 * takes texts, else by e-mail, never to a customer who turned reminders off; its row and its message commit
 * together, and the row's primary key makes it once whoever taps and however often.
 */
export function onMyWayService({ db, config, now, siteFacts }: OnMyWayDeps) {
  const store = onMyWayStore(db);
  return {
    async send(userId: number, key: string): Promise<OnMyWay> {
      const visit = await assignedVisit(db, config.timezone, key, userId);
      if (!visit) throw new NotFoundError('There is no such visit of yours.');
      const earlier = await store.of(key);
      if (earlier) return answer(earlier, true);
      if (visit.status !== 'planned')
        throw new ConflictError(`This visit is ${visit.status}: the customer is not told.`);
      // Read before the transaction: on the embedded database a read outside one waits for it to end.
      const [customer, name, facts] = await Promise.all([
        store.customer(visit.inquiryId),
        store.nameOf(userId),
        siteFacts(),
      ]);
      const who = name ? `${name} from ${facts.businessName}` : facts.businessName;
      const text = `${who} is on the way, arriving about ${arrivalTime(visit.start, config.timezone)}.`;
      const sms = config.sms && customer?.callOrText === 'text' ? e164(customer.phone) : undefined;
      const channel: Channel =
        !customer || customer.optedOut !== null ? 'none' : sms ? 'sms' : customer.email ? 'email' : 'none';
      const claimed = await store.claim({ visitKey: key, userId, channel, sentAt: now() }, async (tx) => {
        if (channel === 'sms' && sms) await enqueueSms(tx, [{ to: sms, body: text }]);
        if (channel === 'email' && customer?.email)
          await enqueueMails(tx, [
            {
              to: customer.email,
              subject: `${facts.businessName} is on the way`,
              text: `${text}\n\n${facts.businessName}`,
            },
          ]);
      });
      if (claimed) return answer(claimed, false);
      const first = await store.of(key);
      if (!first) throw new Error('the visit’s on-my-way row was not found after a conflict');
      return answer(first, true);
    },

    /** The owner's view: whether, when and how it went. */
    async status(key: string): Promise<OnMyWayStatus> {
      const row = await store.of(key);
      return {
        key,
        sent_at: row?.sentAt.toISOString() ?? null,
        channel: (row?.channel as Channel | undefined) ?? null,
        user_id: row?.userId ?? null,
      };
    },
  };
}
