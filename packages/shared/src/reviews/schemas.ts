import { z } from 'zod';
import { optionalImageUrl, requiredText } from '../common/fields';
import { isoInstant } from '../common/responses';
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from '../constants';

/**
 * POST /api/reviews (public, stored pending), PUT and PATCH /api/reviews/{id} (admin).
 * The form truncates the comment at 500 characters; the server refuses longer ones.
 */
export const reviewInput = z.object({
  reviewer_name: requiredText('Name', 100),
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5.' })
    .int('Rating must be a whole number from 1 to 5.')
    .min(RATING_MIN, 'Rating must be from 1 to 5.')
    .max(RATING_MAX, 'Rating must be from 1 to 5.'),
  comment: z
    .string({ error: 'Comment must be text.' })
    .trim()
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters.`)
    .nullish()
    .transform((v) => v ?? ''),
  photo_url: optionalImageUrl('Photo URL'),
  /**
   * POST only: the signed marker of a review request's link (the form's hidden field). A valid, unused one stores
   * the review verified; any other value is accepted and verifies nothing. PUT and PATCH ignore it (an edit keeps
   * the mark).
   */
  verification: z
    .string({ error: 'Verification must be text.' })
    .max(100, 'Verification must be at most 100 characters.')
    .optional(),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const reviewStatus = z.enum(['pending', 'approved']);
export type ReviewStatus = z.infer<typeof reviewStatus>;

export const reviewSchema = z
  .object({
    id: z.number().int(),
    reviewer_name: z.string(),
    rating: z.number().int(),
    comment: z.string(),
    photo_url: z.string().nullable(),
    status: reviewStatus,
    /** Sent from a review request's link (a customer after a visit): shown as "Verified customer". */
    verified: z.boolean(),
    created_at: isoInstant,
  })
  .meta({
    examples: [
      {
        id: 1,
        reviewer_name: 'Dana',
        rating: 5,
        comment: 'Spotless.',
        photo_url: null,
        status: 'approved',
        verified: true,
        created_at: '2026-05-01T18:30:00.000Z',
      },
    ],
  });
export type Review = z.infer<typeof reviewSchema>;

/** POST /api/reviews answers the review and a sentence saying whether it waits for approval. */
export const createdReviewSchema = reviewSchema.extend({ message: z.string() });
