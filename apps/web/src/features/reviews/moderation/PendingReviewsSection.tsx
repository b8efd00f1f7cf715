import {
  formatDateTime,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
  type Review,
  reviewInput,
} from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessage } from '../../../lib/failure';
import { useSiteConfig } from '../../../lib/site-config';
import { Alert } from '../../../lib/ui/Alert';
import { Button } from '../../../lib/ui/Button';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { TextAreaField } from '../../../lib/ui/FormFields';
import { hubCardClass } from '../../../lib/ui/hubCard';
import { Pagination, pageCountOf } from '../../../lib/ui/Pagination';
import { TextField } from '../../../lib/ui/TextField';
import {
  PENDING_PAGE_SIZE,
  pendingReviewsQuery,
  useApproveReview,
  useDeleteReview,
  useUpdateReview,
} from './api';

/** Manage → Pending Reviews: edit, approve (leaves the list) or delete each visitor review. */
export function PendingReviewsSection() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useQuery(pendingReviewsQuery(page));
  const [notice, setNotice] = useState<string | null>(null);
  const pageCount = pageCountOf(query.data?.total ?? 0, PENDING_PAGE_SIZE);
  // Approving or deleting the last review of the last page moves back a page.
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount]);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Pending Reviews
      </h2>
      {query.isError && <Alert tone="error">Failed to fetch pending reviews.</Alert>}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Loading pending reviews...
        </p>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      {query.data &&
        (query.data.items.length === 0 ? (
          <p className="text-stone-600">No reviews are waiting for approval.</p>
        ) : (
          <>
            <p className="text-sm text-stone-600" aria-live="polite">
              {query.data.total} {query.data.total === 1 ? 'review' : 'reviews'} waiting for approval
            </p>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {query.data.items.map((review) => (
                <li key={review.id} className="min-w-0">
                  <PendingReviewCard review={review} onNotice={setNotice} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              label="Pending reviews pages"
            />
          </>
        ))}
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rating: ${rating} out of ${RATING_MAX}`} className="text-amber-500">
      {'★'.repeat(rating)}
      <span className="text-stone-300">{'★'.repeat(Math.max(0, RATING_MAX - rating))}</span>
    </span>
  );
}

function PendingReviewCard({ review, onNotice }: { review: Review; onNotice: (text: string) => void }) {
  const { timezone } = useSiteConfig();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveReview();
  const remove = useDeleteReview();

  if (editing) return <ReviewEditForm review={review} onDone={() => setEditing(false)} />;
  return (
    <article className={hubCardClass} aria-label={`Review by ${review.reviewer_name}`}>
      <div className="flex gap-4">
        {review.photo_url && (
          <img
            src={review.photo_url}
            alt={`Shared by ${review.reviewer_name}`}
            className="h-16 w-16 shrink-0 rounded-xl object-cover"
            loading="lazy"
            width={64}
            height={64}
          />
        )}
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words text-brand-950">{review.reviewer_name}</h3>
          <Stars rating={review.rating} />
          <p className="text-xs text-stone-600">{formatDateTime(review.created_at, timezone)}</p>
        </div>
      </div>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-stone-700">
        {review.comment || 'No comment.'}
      </p>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
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
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          aria-label={`Edit review by ${review.reviewer_name}`}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          aria-label={`Delete review by ${review.reviewer_name}`}
        >
          Delete
        </Button>
      </div>
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
    </article>
  );
}

type EditValues = z.input<typeof reviewInput>;
type EditOutput = z.output<typeof reviewInput>;

function ReviewEditForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const update = useUpdateReview();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
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

  const onSubmit = handleSubmit((values) => {
    setError(null);
    update.mutate(
      { id: review.id, change: values },
      { onSuccess: onDone, onError: (err) => setError(failureMessage('Failed to update the review.', err)) },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${hubCardClass} space-y-3`}
      aria-label={`Edit review by ${review.reviewer_name}`}
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
      <TextField label="Photo URL" type="url" error={errors.photo_url?.message} {...register('photo_url')} />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
