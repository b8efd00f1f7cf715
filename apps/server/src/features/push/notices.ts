import { formatDateTime, formatMoney, type Inquiry, type PushNotice, type Review } from '@clean/shared';

/**
 * A new booking request: the name and town (the lock screen is not private: nothing more of the visitor), the
 * quoted price and the time asked for (`requestedStart`, an instant, in the business's zone), opening Manage.
 */
export const bookingNotice = (
  inquiry: Inquiry,
  timeZone: string,
  requestedStart: string | null = null,
): PushNotice => ({
  title: inquiry.quote ? `New booking request — ${formatMoney(inquiry.quote.amount)}` : 'New booking request',
  body: [
    inquiry.town ? `${inquiry.name}, ${inquiry.town}` : inquiry.name,
    ...(requestedStart ? [`asks for ${formatDateTime(requestedStart, timeZone)}`] : []),
  ].join(' — '),
  url: '/contact-center?tab=manage',
});

/** A review waiting for moderation: the reviewer's name, opening Manage where reviews are approved. */
export const reviewNotice = (review: Review): PushNotice => ({
  title: 'Review awaiting approval',
  body: review.reviewer_name,
  url: '/contact-center?tab=manage',
});

/** A customer changed a visit with their personal link: who, what and when (the new time for a move). */
export const visitChangeNotice = (name: string, done: string, when: string): PushNotice => ({
  title: `Visit ${done} by the customer`,
  body: `${name} — ${when}`,
  url: '/contact-center',
});
