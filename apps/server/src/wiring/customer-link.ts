import type { Config } from '../config';
import type { Db } from '../db/client';
import { cleaningsStore } from '../features/cleanings/store';
import { customerLinkService } from '../features/customer-link/service';
import { inquiriesStore } from '../features/inquiries/store';
import { customerInvoices } from '../features/invoices/store';
import { siteStore } from '../features/site/store';
import type { SlotsService } from '../features/slots/service';
import { visitsReadModel } from '../features/visits/read-model';
import type { VisitsService } from '../features/visits/service';
import {
  lockedScheduleVersion,
  lockOccurrence,
  occurrenceVersion,
  setException,
  visitsStore,
} from '../features/visits/store';

/** The services the customer's link works with, built by the root: the open times and the visits' cleaner claim. */
export type CustomerLinkParts = { slots: SlotsService; claimCleanerAt: VisitsService['claimCleanerAt'] };

/**
 * The customer's link with its collaborators, built once by the composition root (services.ts): the visits' read
 * model and occurrence changes, the cleanings' and inquiries' changes a customer makes, the open times, the
 * customer's invoices and the business facts.
 */
export function customerLinkServiceFor(
  db: Db,
  config: Config,
  { slots, claimCleanerAt }: CustomerLinkParts,
  now?: () => Date,
) {
  const store = visitsStore(db);
  const visits = visitsReadModel({ store, timezone: config.timezone });
  return customerLinkService({
    db,
    config,
    now,
    facts: () => siteStore(db, config.site).current(),
    visits: {
      workingHours: store.workingHours,
      cleaning: store.cleaning,
      schedule: store.schedule,
      exception: store.exception,
      visitsBetween: visits.visitsBetween,
      visitsOfInquiry: visits.visitsOfInquiry,
      claimCleanerAt,
      lockOccurrence,
      lockedScheduleVersion,
      occurrenceVersion,
      setException,
    },
    cleanings: cleaningsStore,
    inquiries: inquiriesStore,
    slots,
    invoicesOf: (inquiryId) => customerInvoices(db, inquiryId),
  });
}
