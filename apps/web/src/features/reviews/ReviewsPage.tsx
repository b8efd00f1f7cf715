import { numberParam, PAGE_SIZES, pageParam, type Review, textParam } from '@clean/shared';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { buttonClass } from '../../lib/ui/Button';
import { Dialog } from '../../lib/ui/Dialog';
import { InlineLoading } from '../../lib/ui/Loading';
import { Page } from '../../lib/ui/Page';
import { Pagination, pageCountOf } from '../../lib/ui/Pagination';
import { SafeImage } from '../../lib/ui/SafeImage';
import { Stars } from '../../lib/ui/Stars';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSearchState } from '../../lib/useSearchState';
import { useSession } from '../auth/session';
import { DEFAULT_REVIEW_PHOTO, REVIEW_MESSAGES, useApprovedReviews, useDeleteReview } from './api';
import { FallingEmojis } from './FallingEmojis';
import { ReviewCard, reviewerName } from './ReviewCard';
import { VerifiedBadge } from './VerifiedBadge';

// The form (and its validation library) loads when a visitor opens it.
const ReviewForm = lazy(() => import('./ReviewForm').then((m) => ({ default: m.ReviewForm })));

/** The review form's place on the page (a link's target). */
const WRITE_REVIEW = 'write-review';

export function ReviewsPage() {
  usePageMeta('Reviews', 'What our customers say about their eco-friendly clean.');
  const { isAdmin } = useSession();
  const { businessName, timezone } = useSiteConfig();
  // The page, the open review and the open form are in the address: links that work before and without script.
  const { params, linkTo, go } = useSearchState();
  const page = pageParam(params);
  const { data, isPending, isError, error } = useApprovedReviews(page);
  const formOpen = params.get('write') === '1';
  const sent = params.get('sent') === '1';
  // A review request's link: the name filled in and its marker (the server fills them in too, for no script).
  const marker = params.get('v');
  const requested = marker ? { reviewer_name: textParam(params.get('name')), verification: marker } : null;
  const [editing, setEditing] = useState<Review | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [celebrating, setCelebrating] = useState(false);
  const remove = useDeleteReview();
  const formId = useId();
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) console.error('Failed to fetch reviews', error);
  }, [error]);

  const reviews = data?.items ?? [];
  const pages = pageCountOf(data?.total ?? 0, PAGE_SIZES.reviews);
  const selected = reviews.find((review) => review.id === numberParam(params.get('review'))) ?? null;
  // Deleting the last review of the last page moves back a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: go is a new function each render
  useEffect(() => {
    if (data && page > pages) go({ page: pages }, { replace: true });
  }, [data, page, pages]);

  const onDelete = async (review: Review) => {
    if (!window.confirm(REVIEW_MESSAGES.confirmDelete)) return;
    setActionError(null);
    try {
      await remove.mutateAsync(review.id);
      if (editing?.id === review.id) setEditing(null);
    } catch (err) {
      console.error('Failed to delete review', err);
      setActionError(REVIEW_MESSAGES.deleteFailed);
    }
  };

  const onEdit = (review: Review) => {
    setActionError(null);
    setEditing(review);
    go({ write: 1, sent: null });
    requestAnimationFrame(() => formRef.current?.scrollIntoView?.({ block: 'start' }));
  };

  const onSaved = useCallback((kind: 'created' | 'updated') => {
    if (kind === 'created') setCelebrating(true);
    setEditing(null);
  }, []);
  const stopCelebrating = useCallback(() => setCelebrating(false), []);

  const errorText = isError ? REVIEW_MESSAGES.fetchFailed : actionError;

  return (
    <Page title="Reviews" intro="What our customers say about their eco-friendly clean.">
      {isPending && <InlineLoading label="Loading reviews..." />}
      {data && reviews.length === 0 && (
        <p className="text-stone-700">No reviews yet — be the first to share your experience!</p>
      )}
      {reviews.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.map((review, index) => (
            <ReviewCard
              key={review.id}
              review={review}
              index={index}
              businessName={businessName}
              timezone={timezone}
              to={linkTo({ review: review.id })}
              admin={
                isAdmin
                  ? {
                      onEdit: () => onEdit(review),
                      onDelete: () => onDelete(review),
                      deleting: remove.isPending && remove.variables === review.id,
                    }
                  : null
              }
            />
          ))}
        </ul>
      )}

      <Pagination
        page={page}
        pageCount={pages}
        linkFor={(n) => linkTo({ page: n, review: null })}
        label="Review pages"
      />

      {errorText && (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {errorText}
        </p>
      )}

      <section className="mt-12" aria-labelledby={`${formId}-heading`}>
        <h2 id={`${formId}-heading`} className="sr-only">
          Write a review
        </h2>
        {/* A link to the page with the form open: it works before and without script; live, it opens in place. */}
        <Link
          to={{ ...linkTo({ write: formOpen ? null : 1, sent: null }), hash: formOpen ? '' : WRITE_REVIEW }}
          replace={formOpen}
          className={buttonClass(formOpen ? 'secondary' : 'primary')}
          aria-expanded={formOpen}
          aria-controls={WRITE_REVIEW}
          onClick={() => setEditing(null)}
        >
          Share Your Experience
        </Link>
        {sent && !formOpen && (
          <Alert tone="success" className="mt-4">
            {REVIEW_MESSAGES.submitted}
          </Alert>
        )}
        <div id={WRITE_REVIEW} ref={formRef} className="mt-4 scroll-mt-24">
          {formOpen && (
            <Suspense fallback={<InlineLoading />}>
              <ReviewForm
                editing={editing}
                requested={requested}
                onSaved={onSaved}
                onError={setActionError}
                onCancelEdit={() => setEditing(null)}
              />
            </Suspense>
          )}
        </div>
      </section>

      <Dialog
        open={selected !== null}
        onClose={() => go({ review: null }, { replace: true })}
        title={selected ? `Review by ${reviewerName(selected)}` : ''}
        hideTitle
      >
        {selected && (
          <>
            <div className="mx-auto max-w-md overflow-hidden rounded-xl bg-brand-50">
              <SafeImage
                src={selected.photo_url || DEFAULT_REVIEW_PHOTO}
                fallback={DEFAULT_REVIEW_PHOTO}
                alt={selected.photo_url ? `Shared by ${reviewerName(selected)}` : `${businessName} logo`}
                width={400}
                height={400}
                className="aspect-square w-full object-cover"
              />
            </div>
            <Stars rating={selected.rating} className="mt-4" />
            {selected.comment && <p className="mt-3 leading-relaxed text-stone-800">{selected.comment}</p>}
            <p className="mt-3 font-semibold text-brand-900">Reviewed by {reviewerName(selected)}</p>
            {selected.verified && <VerifiedBadge className="mt-2" />}
            <div className="mt-5 flex justify-end">
              <Link to={linkTo({ review: null })} replace className={buttonClass('secondary')}>
                Close
              </Link>
            </div>
          </>
        )}
      </Dialog>

      {celebrating && <FallingEmojis onDone={stopCelebrating} />}
    </Page>
  );
}
