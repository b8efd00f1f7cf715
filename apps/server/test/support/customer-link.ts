import type { FastifyInstance } from 'fastify';
import { customerLinkServiceFor } from '../../src/wiring/customer-link';
import { slotsServiceFor } from '../../src/wiring/slots';

/** The customer's link service of `app` on another clock: its open times on that clock too. */
export function customerLinkAt(app: FastifyInstance, now: () => Date) {
  const { db } = app.database;
  const parts = {
    slots: slotsServiceFor(db, app.config, now),
    claimCleanerAt: app.services.visits.claimCleanerAt,
  };
  return customerLinkServiceFor(db, app.config, parts, now);
}
