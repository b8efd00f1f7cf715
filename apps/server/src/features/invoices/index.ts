import type { FastifyInstance } from 'fastify';
import { everyTick } from '../../lib/ticker';
import { invoicesServiceFor } from './service';

/** The monthly billing run, looked for every minute (and at once); it stops before the database closes. */
export function startMonthlyBilling(app: FastifyInstance) {
  const invoices = invoicesServiceFor(app);
  const ticker = everyTick({
    tickMs: 60_000,
    now: app.clock,
    pass: (now) => invoices.billMonth(now),
    log: app.log,
    done: 'monthly invoices issued',
    what: 'monthly invoices',
  });
  app.addHook('preClose', () => ticker.stop());
}
