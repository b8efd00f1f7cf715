import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { agendaService } from './features/agenda/service';
import { agendaStore } from './features/agenda/store';
import { authService } from './features/auth/service';
import { billingSettings } from './features/billing/store';
import { calendarFeedService } from './features/calendar-feed/service';
import { calendarFeedStore } from './features/calendar-feed/store';
import { checklistsService } from './features/checklists/service';
import { checklistsStore } from './features/checklists/store';
import { cleaningsService } from './features/cleanings/service';
import { cleaningsStore, removeCleaningsOf, setVisitFields } from './features/cleanings/store';
import { cleanupService } from './features/cleanup/service';
import { cleanupJobsStore, cleanupStore } from './features/cleanup/store';
import { clockService } from './features/clock/service';
import { contactStatusService } from './features/contact-status/service';
import { contactStatusStore } from './features/contact-status/store';
import { customerLinksStore } from './features/customer-link/store';
import { exportsService } from './features/exports/service';
import { inquiriesService } from './features/inquiries/service';
import { inquiriesStore } from './features/inquiries/store';
import { invoicesService } from './features/invoices/service';
import { mediaOn } from './features/media/service';
import { myVisitsService } from './features/my-visits/service';
import { customerNotices } from './features/notifications/customer';
import { tellCustomerOfMove } from './features/notifications/owner-move';
import { onMyWayService } from './features/on-my-way/service';
import { packagesStore } from './features/packages/store';
import { payService } from './features/pay/service';
import { payStore } from './features/pay/store';
import { pricingService } from './features/pricing/service';
import { overdueSchedules } from './features/recurring/overdue';
import { recurringService } from './features/recurring/service';
import { occurrencePaid, paidStore, removeSchedulesOf, schedulesStore } from './features/recurring/store';
import { optOutTokens } from './features/reminders/service';
import { reviewRequestsService } from './features/review-requests/service';
import { reviewsService } from './features/reviews/service';
import { siteStore } from './features/site/store';
import { teamService } from './features/team/service';
import { visitPhotosService } from './features/visit-photos/service';
import { visitsService } from './features/visits/service';
import { visitsStore } from './features/visits/store';
import type { PublicCache } from './lib/public-cache';
import { customerLinkServiceFor } from './wiring/customer-link';
import { demoContentServiceFor } from './wiring/demo-content';
import { remindersDeps, reviewRequestsDeps, reviewSendingDeps } from './wiring/schedulers';
import { holdsAccessFor, slotsServiceFor } from './wiring/slots';

export type ServiceDeps = {
  db: Db;
  config: Config;
  /** The clock of the customers' changes, the bookings and the team's day (tests move it). */
  clock: () => Date;
  log: FastifyBaseLogger;
  publicCache: Pick<PublicCache, 'get'>;
  jwtSecret: string;
};

/**
 * The composition root: every service of the app, built once with what it needs — the database, the config, the
 * clock and the services it works with — and handed to the routes as `app.services` (docs/architecture.md).
 * Nothing else builds a service. A message a service queues wakes its sender by itself (lib/outbox-wake.ts).
 */
export function buildServices({ db, config, clock, log, publicCache, jwtSecret }: ServiceDeps) {
  const { timezone } = config;
  const site = siteStore(db, config.site);
  const siteFacts = () => site.current();
  const factsOn = (on: Db) => siteStore(on, config.site).current();
  const notices = customerNotices({
    db,
    config,
    factsOn,
    issueLink: (on, inquiryId) => customerLinksStore(on).issue(inquiryId),
  });
  const holds = holdsAccessFor(db, config, undefined, notices);
  const slots = slotsServiceFor(db, config, clock);

  const auth = authService({
    db,
    log,
    jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    resetTokenTtlSeconds: config.resetTokenTtlSeconds,
    publicUrl: config.publicUrl,
    businessName: async () => (await siteFacts()).businessName,
  });
  const invoices = invoicesService({
    db,
    timezone,
    clock,
    billingSettings,
    async facts(on) {
      const [facts, billing] = await Promise.all([siteStore(on, config.site).current(), billingSettings(on)]);
      return {
        business: {
          name: facts.businessName,
          phone: facts.phone,
          email: facts.email,
          region: facts.address.region,
        },
        billing,
      };
    },
  });
  const reviewRequests = reviewRequestsService(reviewRequestsDeps(db, config));
  const visits = visitsService({
    store: visitsStore(db),
    writes: { setCleaning: setVisitFields, paid: occurrencePaid },
    timezone,
    holds,
    // In the change's transaction: a done visit, its review request and its invoice commit together.
    statusChanged: async (visit, on, paymentMethod) => {
      await reviewRequests.visitChanged(visit, new Date(), on);
      await invoices.visitChanged(visit, on, paymentMethod);
    },
    // In the move's transaction: the customer's mail commits with the move.
    moved: async (visit, from, on) => tellCustomerOfMove(on, config, await factsOn(on), visit, from, clock()),
    now: clock,
  });
  // What the owner's create routes of visits need beside their own store: the conflicts a new visit would make
  // (held requests counted), the booking with the customer's confirmation in one transaction, and a schedule's
  // default cleaner decided under the booking lock.
  const newVisits = {
    conflictsOf: visits.conflictsOf,
    claimSchedule: visits.claimSchedule,
    transaction: <T>(run: (on: Db) => Promise<T>): Promise<T> =>
      db.transaction((tx) => run(tx as unknown as Db)),
    booking: notices.booking,
  };
  const pricing = pricingService(db, () => billingSettings(db), publicCache);
  const visitPhotos = visitPhotosService({ db, timezone });

  return {
    /** The business facts in force (features/site), for whatever shows or mails them. */
    siteFacts,
    auth,
    agenda: agendaService({ store: agendaStore(db), timezone }),
    calendarFeed: calendarFeedService({
      store: calendarFeedStore(db),
      publicUrl: config.publicUrl,
      timezone,
      businessName: config.site.businessName,
      region: config.site.address.region,
    }),
    checklists: checklistsService(db, timezone),
    cleanings: cleaningsService({
      store: cleaningsStore(db),
      inquiryExists: inquiriesStore(db).exists,
      timezone,
      ...newVisits,
      storeOn: cleaningsStore,
    }),
    cleanup: cleanupService({
      store: cleanupStore(db),
      jobs: cleanupJobsStore(db),
      timezone,
      log,
      waitMs: config.cleanupWaitMs,
      removeOrphanPhotos: (uploadedBefore) => mediaOn(db).removeOrphans(uploadedBefore),
      removeOldVisitPhotos: (takenBefore) => visitPhotos.removeOld(takenBefore),
    }),
    clock: clockService({ db, timezone, now: clock }),
    contactStatus: contactStatusService({ store: contactStatusStore(db), timezone }),
    customerLink: customerLinkServiceFor(db, config, { slots, claimCleanerAt: visits.claimCleanerAt }, clock),
    demoContent: demoContentServiceFor(db),
    exports: exportsService(db),
    inquiries: inquiriesService({
      db,
      config,
      pricing,
      slots,
      siteFacts,
      bookingOpen: async () => (await contactStatusStore(db).get()).is_open,
      removeVisitsOf: async (on, inquiryIds) => {
        await removeSchedulesOf(on, inquiryIds);
        await removeCleaningsOf(on, inquiryIds);
      },
    }),
    invoices,
    myVisits: myVisitsService({
      db,
      config,
      visits,
      now: clock,
      siteFacts,
      checklistsOf: (list) => checklistsStore(db).ofVisits(list),
    }),
    onMyWay: onMyWayService({ db, config, now: clock, siteFacts }),
    pay: payService({ store: payStore(db), visits, timezone }),
    /** The packages (features/packages, plain reads): the booking form's post names one. */
    packages: packagesStore(db),
    pricing,
    recurring: recurringService({
      schedules: schedulesStore(db),
      paid: paidStore(db),
      inquiryExists: inquiriesStore(db).exists,
      overdue: () => overdueSchedules(db, timezone),
      timezone,
      ...newVisits,
      schedulesOn: schedulesStore,
    }),
    /** What the reminders' and the review requests' timers run with (each feature's index.ts starts its own). */
    reminderRuns: remindersDeps(db, config, optOutTokens(jwtSecret)),
    reviewSending: reviewSendingDeps(db, config),
    reviews: reviewsService({ db, config }),
    slots,
    team: teamService({ db, config, now: clock, siteFacts }),
    visitPhotos,
    visits,
  };
}

export type Services = ReturnType<typeof buildServices>;
