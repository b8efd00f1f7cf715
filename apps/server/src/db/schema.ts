/**
 * The database's tables, one file a feature in `schema/` (shared column kinds in `schema/columns.ts`). Code imports
 * them from here, and drizzle-kit reads this file (`apps/server/drizzle.config.ts`): a change to any of them is
 * a migration (`npm run db:generate`).
 */
export * from './schema/calendar-feed';
export * from './schema/checklists';
export * from './schema/cleanings';
export * from './schema/customer-link';
export * from './schema/inquiries';
export * from './schema/invoices';
export * from './schema/media';
export * from './schema/messages';
export * from './schema/operations';
export * from './schema/packages';
export * from './schema/recurring';
export * from './schema/reminders';
export * from './schema/reviews';
export * from './schema/site';
export * from './schema/slots';
export * from './schema/summary';
export * from './schema/users';
export * from './schema/visit-work';
export * from './schema/visits';
