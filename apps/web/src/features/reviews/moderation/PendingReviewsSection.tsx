import {
  formatDateTime,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
  type Review,
  reviewInput,
} from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessage } from '../../../lib/failure';
import { useSiteConfig } from '../../../lib/site-config';
import { Alert } from '../../../lib/ui/Alert';
import { Button } from '../../../lib/ui/Button';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { TextAreaField } from '../../../lib/ui/FormFields';
import { CardActions, HubCard, hubCardHeadingClass } from '../../../lib/ui/HubCard';
import { HubEditForm } from '../../../lib/ui/HubEditForm';
import { PagedList } from '../../../lib/ui/PagedList';
import { PhotoPicker } from '../../../lib/ui/PhotoPicker';
import { SaveStatus } from '../../../lib/ui/SaveStatus';
import { Stars } from '../../../lib/ui/Stars';
import { TextField } from '../../../lib/ui/TextField';
import { useCardEdit } from '../../../lib/useCardEdit';
import { usePagedSearch } from '../../../lib/usePagedSearch';
import { useSubmit } from '../../../lib/useSubmit';
import { useDeleteReview } from '../api';
import { VerifiedBadge } from '../VerifiedBadge';
import { PENDING_PAGE_SIZE, pendingReviewsQueryOptions, useApproveReview, useUpdateReview } from './api';

/** Manage → Pending Reviews: edit, approve (leaves the list) or delete each visitor review. */
export function PendingReviewsSection() {
  const paged = usePagedSearch(null, (_none, page) => pendingReviewsQueryOptions(page), PENDING_PAGE_SIZE);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <PagedList
      title="Pending Reviews"
      paged={paged}
      failure={() => 'Failed to fetch pending reviews.'}
      loading="Loading pending reviews..."
      notice={notice && <Alert tone="success">{notice}</Alert>}
      empty="No reviews are waiting for approval."
      count={(total) => `${total} ${total === 1 ? 'review' : 'reviews'} waiting for approval`}
      pagesLabel="Pending reviews pages"
      renderItem={(review) => <PendingReviewCard review={review} onNotice={setNotice} />}
    />
  );
}

const subjectOf = (review: Review) => `review by ${review.reviewer_name}`;

/** Where a photo link points, as the owner should read it before choosing to load it. */
function hostOf(url: string): string {
  if (url.startsWith('/')) return 'this site';
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/**
 * A pending review's photo link was chosen by a visitor: loading it as soon as the owner opens Manage would
 * tell whoever runs that host the owner's address and the moment of moderation. So the card names the host
 * and loads the photo only when asked (without a Referer even then).
 */
function PendingPhoto({ url, reviewer }: { url: string; reviewer: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-stone-50 p-3 text-sm text-stone-700">
      <p className="min-w-0 break-words">
        Photo from <span className="font-semibold">{hostOf(url)}</span>
      </p>
      {shown ? (
        <img
          src={url}
          alt={`Shared by ${reviewer}`}
          referrerPolicy="no-referrer"
          className="h-32 w-32 shrink-0 rounded-xl object-cover"
          width={128}
          height={128}
        />
      ) : (
        <Button
          variant="secondary"
          className="px-4 py-1.5"
          onClick={() => setShown(true)}
          aria-label={`Show photo shared by ${reviewer}`}
        >
          Show photo
        </Button>
      )}
    </div>
  );
}

function PendingReviewCard({ review, onNotice }: { review: Review; onNotice: (text: string) => void }) {
  const { timezone } = useSiteConfig();
  const card = useCardEdit();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveReview();
  const remove = useDeleteReview();

  if (card.editing)
    return <ReviewEditForm review={review} onSaved={() => card.saved()} onCancel={card.cancel} />;
  return (
    <HubCard subject={subjectOf(review)}>
      <div className="min-w-0">
        <h3 className={hubCardHeadingClass}>{review.reviewer_name}</h3>
        <Stars rating={review.rating} />
        {review.verified && <VerifiedBadge className="my-1" />}
        <p className="text-xs text-stone-600">{formatDateTime(review.created_at, timezone)}</p>
      </div>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-stone-700">
        {review.comment || 'No comment.'}
      </p>
      {review.photo_url && <PendingPhoto url={review.photo_url} reviewer={review.reviewer_name} />}
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      <SaveStatus state={card.status} />
      <CardActions
        subject={subjectOf(review)}
        onEdit={card.edit}
        onDelete={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        <Button
          onClick={() => {
            setError(null);
            approve.mutate(review.id, {
              onSuccess: () => onNotice(`Review by ${review.reviewer_name} approved.`),
              onError: (err) => setError(failureMessage('Failed to approve the review.', err)),
            });
          }}
          disabled={approve.isPending}
          aria-label={`Approve review by ${review.reviewer_name}`}
        >
          {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
      </CardActions>
      <ConfirmDialog
        open={confirming}
        title="Delete review?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(review.id, {
            onSuccess: () => {
              setConfirming(false);
              onNotice(`Review by ${review.reviewer_name} deleted.`);
            },
            onError: (err) => {
              setConfirming(false);
              setError(failureMessage('Failed to delete the review.', err));
            },
          })
        }
      >
        <p>
          Delete the review by <strong>{review.reviewer_name}</strong>? This cannot be undone.
        </p>
      </ConfirmDialog>
    </HubCard>
  );
}

type EditValues = z.input<typeof reviewInput>;
type EditOutput = z.output<typeof reviewInput>;

function ReviewEditForm({
  review,
  onSaved,
  onCancel,
}: {
  review: Review;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const save = useSubmit(useUpdateReview(), 'Failed to update the review.');
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(reviewInput),
    defaultValues: {
      reviewer_name: review.reviewer_name,
      rating: review.rating,
      comment: review.comment ?? '',
      photo_url: review.photo_url ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => save.run({ id: review.id, change: values }, onSaved));

  return (
    <HubEditForm
      subject={subjectOf(review)}
      onSubmit={onSubmit}
      error={save.error}
      busy={save.busy}
      onCancel={onCancel}
    >
      <TextField label="Reviewer Name" error={errors.reviewer_name?.message} {...register('reviewer_name')} />
      <TextField
        label="Rating"
        type="number"
        min={RATING_MIN}
        max={RATING_MAX}
        step={1}
        inputMode="numeric"
        hint={`From ${RATING_MIN} to ${RATING_MAX}.`}
        error={errors.rating?.message}
        {...register('rating', { valueAsNumber: true })}
      />
      <TextAreaField
        label="Comment"
        maxLength={REVIEW_COMMENT_MAX}
        rows={4}
        error={errors.comment?.message}
        {...register('comment')}
      />
      <TextField
        label="Photo URL"
        inputMode="url"
        error={errors.photo_url?.message}
        {...register('photo_url')}
      />
      <PhotoPicker
        onUploaded={(url) => setValue('photo_url', url, { shouldDirty: true, shouldValidate: true })}
      />
    </HubEditForm>
  );
}
