import type { Inquiry, PushNotice, Review } from '@clean/shared';

/** A new booking request: the name and town only (the lock screen is not private), opening Manage. */
export const bookingNotice = (inquiry: Inquiry): PushNotice => ({
  title: 'New booking request',
  body: inquiry.town ? `${inquiry.name}, ${inquiry.town}` : inquiry.name,
  url: '/contact-center?tab=manage',
});

/** A review waiting for moderation: the reviewer's name, opening Manage where reviews are approved. */
export const reviewNotice = (review: Review): PushNotice => ({
  title: 'Review awaiting approval',
  body: review.reviewer_name,
  url: '/contact-center?tab=manage',
});
