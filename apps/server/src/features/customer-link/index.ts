import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { customerInvoices } from '../invoices/store';
import { siteStore } from '../site/store';
import { slotsServiceFor } from '../slots/index';
import { visitsService } from '../visits/service';
import {
  lockedScheduleVersion,
  lockOccurrence,
  occurrenceVersion,
  setException,
  visitsStore,
} from '../visits/store';
import { customerLinkService } from './service';

/**
 * The customer's link with its collaborators, until the app builds every service in one place: the visits' read
 * model and occurrence changes, the open times, the customer's invoices and the business facts.
 */
export function customerLinkServiceFor(db: Db, config: Config, now?: () => Date, kick?: () => void) {
  const store = visitsStore(db);
  const visits = visitsService({ store, timezone: config.timezone });
  return customerLinkService({
    db,
    config,
    now,
    kick,
    facts: () => siteStore(db, config.site).current(),
    visits: {
      workingHours: store.workingHours,
      cleaning: store.cleaning,
      schedule: store.schedule,
      exception: store.exception,
      visitsBetween: visits.visitsBetween,
      visitsOfInquiry: visits.visitsOfInquiry,
      claimCleanerAt: visits.claimCleanerAt,
      lockOccurrence,
      lockedScheduleVersion,
      occurrenceVersion,
      setException,
    },
    slots: slotsServiceFor(db, config, now),
    invoicesOf: (inquiryId) => customerInvoices(db, inquiryId),
  });
}
