import type { RecurringPayment } from '@clean/shared';

/** How the card's messages and the edit form name a schedule. */
export const subjectOf = (schedule: RecurringPayment) =>
  `recurring payment schedule for ${schedule.inquiry_name}`;
