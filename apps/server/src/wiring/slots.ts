import type { Config } from '../config';
import type { Db } from '../db/client';
import { cleaningsStore } from '../features/cleanings/store';
import { contactStatusStore } from '../features/contact-status/store';
import { inquiriesStore } from '../features/inquiries/store';
import type { CustomerNotices } from '../features/notifications/customer';
import { schedulesStore } from '../features/recurring/store';
import { siteStore } from '../features/site/store';
import { type HoldsDeps, holdsAccess, slotsService } from '../features/slots/service';
import { busyTimes } from '../features/visits/busy-times';

/**
 * The slots' collaborators, wired once by the composition root (services.ts): the visits' busy times, the business
 * facts, the booking switch, and the cleanings' and schedules' stores that make a confirmed request's visit.
 */
export const slotsServiceFor = (db: Db, config: Config, now?: () => Date) =>
  slotsService({
    db,
    timezone: config.timezone,
    busy: busyTimes(config.timezone),
    facts: () => siteStore(db, config.site).current(),
    bookingOpen: async (at) => (await contactStatusStore(db).get(at)).is_open,
    lockBookings,
    now,
  });

/** The booking lock: the booking switch's row, locked by the feature that owns it. */
const lockBookings = (on: Db) => contactStatusStore(on).lockBookings();

/** A confirmed request's visit, made by the feature it belongs to, in the confirm's transaction. */
const book: HoldsDeps['book'] = async (on, hold, scheduleFrequency) => {
  const visit = { inquiryId: hold.inquiryId, amount: hold.amount, durationMinutes: hold.durationMinutes };
  const made =
    scheduleFrequency === null
      ? {
          made: 'one_time' as const,
          cleaningId: (
            await cleaningsStore(on).create({ ...visit, dateTime: hold.start, paid: false, notes: null })
          ).id,
        }
      : {
          made: 'recurring' as const,
          scheduleId: await schedulesStore(on).create({
            ...visit,
            frequency: scheduleFrequency,
            firstVisitAt: hold.start,
            notes: null,
          }),
        };
  await inquiriesStore(on).update(hold.inquiryId, { status: 'Booked' });
  return made;
};

export const holdsAccessFor = (
  db: Db,
  config: Config,
  now?: () => Date,
  confirmation?: Pick<CustomerNotices, 'queue'>,
) =>
  holdsAccess({
    db,
    now,
    holdDays: async (on) => (await siteStore(on, config.site).current()).bookingRules.holdDays,
    book,
    confirmation,
    lockBookings,
  });
