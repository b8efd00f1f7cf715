import type { Database } from '../db/client';
import type { OutboxWorker } from './outbox-engine';

/**
 * Queueing a message wakes its channel's worker by itself: an insert into an outbox table sends NOTIFY 'outbox'
 * with the table's name (a trigger, migration 0029), which PostgreSQL delivers at commit — never before, so the
 * worker never looks for a row it cannot see yet — to this server and every other one. No caller names a worker;
 * each worker's poll remains for what a reconnecting listener missed.
 */
export function wakeOnEnqueue(
  database: Pick<Database, 'listen'>,
  workers: Record<'mail_outbox' | 'push_outbox' | 'sms_outbox', OutboxWorker>,
): Promise<() => Promise<void>> {
  return database.listen('outbox', (table) => workers[table as keyof typeof workers]?.kick());
}
