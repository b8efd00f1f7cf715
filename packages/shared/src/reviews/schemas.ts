import { z } from 'zod';
import { optionalImageUrl, requiredText } from '../common/fields';
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
});
export type ReviewInput = z.input<typeof reviewInput>;

export type ReviewStatus = 'pending' | 'approved';

export type Review = {
  id: number;
  reviewer_name: string;
  rating: number;
  comment: string;
  photo_url: string | null;
  status: ReviewStatus;
  created_at: string;
};
