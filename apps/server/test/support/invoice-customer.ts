import { asc } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { records } from './fixtures';
import { useTestApp } from './harness';

/**
 * The set-up of the invoice mail tests: the app on a fixed clock (2027-11-27), one customer with an e-mail
 * (`eve.id`, made before the tests) and the outbox read as "what was queued since last time".
 */
export function useInvoiceCustomer() {
  const t = useTestApp({}, { clock: () => new Date('2027-11-27T15:00:00Z') });
  const r = records(t);
  const outbox = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
  let seen = 0;
  /** The mails put in the outbox since the last call. */
  async function newMails() {
    const all = await outbox();
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  }
  const eve = { id: 0 };
  beforeAll(async () => {
    eve.id = await r.inquiry('Eve Park', { email: 'eve@example.com' });
    await newMails();
  });
  return { t, r, outbox, newMails, eve };
}
