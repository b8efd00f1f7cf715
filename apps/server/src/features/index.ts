import type { FastifyInstance } from 'fastify';
import { agendaRoutes } from './agenda/routes';
import { authRoutes } from './auth/routes';
import { calendarFeedRoutes } from './calendar-feed/routes';
import { cleaningsRoutes } from './cleanings/routes';
import { cleanupRoutes } from './cleanup/routes';
import { contactStatusRoutes } from './contact-status/routes';
import { exportRoutes } from './exports/routes';
import { galleryRoutes } from './gallery/routes';
import { bookingRoutes } from './inquiries/public-routes';
import { inquiriesRoutes } from './inquiries/routes';
import { mediaRoutes } from './media/routes';
import { packagesRoutes } from './packages/routes';
import { pricingRoutes } from './pricing/routes';
import { pushRoutes } from './push/routes';
import { recurringRoutes } from './recurring/routes';
import { reviewsRoutes } from './reviews/routes';
import { seoRoutes } from './seo/routes';
import { siteRoutes } from './site/routes';
import { slotsRoutes } from './slots/routes';
import { summaryRoutes } from './summary/routes';
import { visitsRoutes } from './visits/routes';

/** Every feature's routes, in one place. */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(authRoutes, { rateLimitMax: app.config.rateLimits.auth });
  await app.register(siteRoutes);
  await app.register(seoRoutes);
  await app.register(packagesRoutes);
  await app.register(pricingRoutes);
  await app.register(galleryRoutes);
  await app.register(mediaRoutes);
  await app.register(reviewsRoutes);
  await app.register(contactStatusRoutes);
  await app.register(bookingRoutes);
  await app.register(slotsRoutes);
  await app.register(inquiriesRoutes);
  await app.register(cleaningsRoutes);
  await app.register(recurringRoutes);
  await app.register(agendaRoutes);
  await app.register(visitsRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(cleanupRoutes);
  await app.register(exportRoutes);
  await app.register(summaryRoutes);
  await app.register(pushRoutes);
}
