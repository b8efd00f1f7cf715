import { formatDate, type Review } from '@clean/shared';
import { Link, type To } from 'react-router';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { SafeImage } from '../../lib/ui/SafeImage';
import { Stars } from '../../lib/ui/Stars';
import { DEFAULT_REVIEW_PHOTO } from './api';
import { VerifiedBadge } from './VerifiedBadge';

export const reviewerName = (review: Pick<Review, 'reviewer_name'>) =>
  review.reviewer_name?.trim() || 'Anonymous';

type Props = {
  review: Review;
  /** Its place in the list: the first few photos load at once, the rest when scrolled to. */
  index: number;
  businessName: string;
  timezone: string;
  /** The owner's Edit and Delete buttons, when signed in. */
  admin: { onEdit: () => void; onDelete: () => void; deleting: boolean } | null;
  /** The page with this review's dialog open. */
  to: To;
};

/** One approved review in the list: photo (or our logo), name, stars, comment and date. */
export function ReviewCard({ review, index, businessName, timezone, admin, to }: Props) {
  const name = reviewerName(review);
  return (
    <li className="flex flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-4">
        <Link
          to={to}
          aria-label={`Open the review by ${name}`}
          className="shrink-0 overflow-hidden rounded-full bg-brand-50 ring-1 ring-stone-200"
        >
          <SafeImage
            src={review.photo_url || DEFAULT_REVIEW_PHOTO}
            fallback={DEFAULT_REVIEW_PHOTO}
            alt={review.photo_url ? `Shared by ${name}` : `${businessName} logo`}
            width={64}
            height={64}
            loading={index < 3 ? 'eager' : 'lazy'}
            className="h-16 w-16 object-cover"
          />
        </Link>
        <div className="min-w-0">
          <p className="truncate font-semibold text-brand-950">{name}</p>
          <Stars rating={review.rating} className="mt-1" />
          {review.verified && <VerifiedBadge className="mt-1.5" />}
        </div>
      </div>
      {review.comment && (
        <p className="mt-4 flex-1 leading-relaxed break-words text-stone-700">{review.comment}</p>
      )}
      <p className="mt-3 text-xs text-stone-600">{formatDate(review.created_at, timezone)}</p>
      {admin && (
        <EditDeleteButtons
          look="item"
          className="mt-4"
          subject={`the review by ${name}`}
          onEdit={admin.onEdit}
          onDelete={admin.onDelete}
          deleting={admin.deleting}
        />
      )}
    </li>
  );
}
