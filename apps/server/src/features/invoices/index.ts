import type { FastifyInstance } from 'fastify';
import { everyTick } from '../../lib/ticker';

/**
 * The monthly billing run and the overdue reminders, looked for every minute (and at once); they stop before the
 * database closes.
 */
export function startMonthlyBilling(app: FastifyInstance) {
  const { invoices } = app.services;
  const ticker = everyTick({
    tickMs: 60_000,
    now: app.clock,
    pass: async (now) => (await invoices.billMonth(now)) + (await invoices.remind(now)),
    log: app.log,
    done: 'invoices issued or reminded',
    what: 'monthly invoices and overdue reminders',
  });
  app.addHook('preClose', () => ticker.stop());
}
