import type { FastifyInstance } from 'fastify';
import { invoicesServiceFor } from '../invoices/service';
import { customerNotices } from '../notifications/customer';
import { tellCustomerOfMove } from '../notifications/owner-move';
import { reviewRequestsDeps } from '../review-requests/index';
import { reviewRequestsService } from '../review-requests/service';
import { holdsAccessFor } from '../slots/index';
import { visitsService } from './service';
import { visitsStore } from './store';

/**
 * The visits service with everything a change of a visit sets off, as the owner's routes and a cleaner's Done use
 * it: one done path, so the review request and the invoice follow a Done whoever taps it.
 */
export function visitsServiceFor(app: FastifyInstance) {
  const reviewRequests = reviewRequestsService(reviewRequestsDeps(app.database.db, app.config));
  const invoices = invoicesServiceFor(app);
  return visitsService({
    store: visitsStore(app.database.db),
    timezone: app.config.timezone,
    holds: holdsAccessFor(
      app.database.db,
      app.config,
      undefined,
      customerNotices({ db: app.database.db, config: app.config, kick: app.outbox.kick }),
    ),
    // In the change's transaction: a done visit, its review request and its invoice commit together.
    statusChanged: async (visit, on, paymentMethod) => {
      await reviewRequests.visitChanged(visit, new Date(), on);
      await invoices.visitChanged(visit, on, paymentMethod);
    },
    // In the move's transaction: the customer's mail commits with the move.
    moved: (visit, from, on) => tellCustomerOfMove(on, app.config, visit, from, app.clock()),
    now: app.clock,
  });
}
