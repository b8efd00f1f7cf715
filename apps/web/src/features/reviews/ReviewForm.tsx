import {
  numberParam,
  PAGE_FORMS,
  RATING_DEFAULT,
  REVIEW_COMMENT_MAX,
  type Review,
  type ReviewInput,
  reviewInput,
} from '@clean/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { firstValues, usePostedForm } from '../../lib/posted-form';
import { Alert } from '../../lib/ui/Alert';
import { Field } from '../../lib/ui/Field';
import { FormPanel } from '../../lib/ui/FormPanel';
import { SubmitRow } from '../../lib/ui/FormStatus';
import { inputClass, TextField } from '../../lib/ui/TextField';
import { useZodForm } from '../../lib/useZodForm';
// The rain after a sent review (FallingEmojis) is styled with the form that sends it: a stylesheet the reviews
// page loaded at once would restyle the whole page while it hydrates, for an effect most visitors never see.
import './falling-emojis.css';
import { REVIEW_MESSAGES, useSaveReview } from './api';
import { StarRating } from './StarRating';

// No `verification`: only a review request's link brings one (and the hidden field that sends it).
const EMPTY: ReviewInput = { reviewer_name: '', rating: RATING_DEFAULT, comment: '', photo_url: '' };

const valuesOf = (review: Review | null): ReviewInput =>
  review
    ? {
        reviewer_name: review.reviewer_name,
        rating: review.rating,
        comment: review.comment ?? '',
        photo_url: review.photo_url ?? '',
      }
    : EMPTY;

const FORM_ID = 'review-form';

/**
 * A new review's first values: the visitor's after a refused plain post, or typed before the page was live; from a
 * review request's link, the name and the marker the server put in (the page rendered for that link).
 */
function newReviewValues(
  posted: ReturnType<typeof usePostedForm>,
  requested: RequestedReview | null,
): ReviewInput {
  const first = firstValues<Record<string, unknown>>({ ...EMPTY, ...requested }, FORM_ID, posted);
  return { ...(first as ReviewInput), rating: numberParam(String(first.rating)) ?? RATING_DEFAULT };
}

/** From a review request's link (`?name=…&v=…`): the name to fill in and the signed marker. */
export type RequestedReview = { reviewer_name: string; verification: string };

/** docs/product.md#reviews: the comment is cut at 500 characters as it is typed or pasted. */
export const truncateComment = (text: string) => text.slice(0, REVIEW_COMMENT_MAX);

/**
 * The review form (docs/product.md#reviews): name required, rating by stars (default 1), comment up to 500
 * characters, optional photo URL. Creates a review (stored pending), or updates `editing` (admin). After a save the
 * fields clear; failures are reported through `onError` (shown under the grid).
 */
export function ReviewForm({
  editing,
  requested = null,
  onSaved,
  onError,
  onCancelEdit,
}: {
  editing: Review | null;
  requested?: RequestedReview | null;
  onSaved: (kind: 'created' | 'updated') => void;
  onError: (message: string | null) => void;
  onCancelEdit: () => void;
}) {
  const save = useSaveReview();
  const posted = usePostedForm('review');
  const [first] = useState(() => (editing ? valuesOf(editing) : newReviewValues(posted, requested)));
  const [done, setDone] = useState<string | null>(null);
  const commentId = useId();
  const counterId = useId();
  const ratingId = useId();
  const { field, control, handleSubmit, reset, setFocus, formState } = useZodForm(
    reviewInput,
    first,
    posted?.errors,
  );
  // The review request's signed marker travels with the review, in plain posts too; the server alone decides.
  const { error: _none, ...verification } = field('verification');

  // The first values are set above; a later change of the review edited (or its end) resets the form.
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the review edited resets the form
  useEffect(() => {
    const firstRun = !mounted.current;
    mounted.current = true;
    if (firstRun && !editing) return;
    reset(valuesOf(editing));
    if (editing) {
      setDone(null);
      setFocus('reviewer_name');
    }
  }, [editing]);

  const onSubmit = handleSubmit(async (input) => {
    setDone(null);
    onError(null);
    try {
      const answer = await save.mutateAsync({ id: editing?.id ?? null, input });
      reset(EMPTY);
      // The server says whether the review waits for approval (a visitor's) or is published (the owner's).
      setDone(editing ? REVIEW_MESSAGES.updated : answer?.message || REVIEW_MESSAGES.submitted);
      onSaved(editing ? 'updated' : 'created');
    } catch (err) {
      console.error('Failed to save review', err);
      onError(REVIEW_MESSAGES.saveFailed);
    }
  });

  return (
    <FormPanel
      id={FORM_ID}
      method="post"
      action={PAGE_FORMS.review}
      onSubmit={onSubmit}
      aria-label={editing ? 'Edit review' : 'Share your experience'}
      className="max-w-2xl"
    >
      {editing && (
        <p className="text-sm font-semibold text-brand-900">Editing the review by {editing.reviewer_name}</p>
      )}
      {!editing && first.verification && <input type="hidden" {...verification} />}
      <TextField label="Name" autoComplete="name" required {...field('reviewer_name')} />
      <Field id={ratingId} label="Rating" group error={formState.errors.rating?.message}>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarRating
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              labelledBy={`${ratingId}-label`}
            />
          )}
        />
      </Field>
      <Controller
        control={control}
        name="comment"
        render={({ field, fieldState }) => (
          <Field id={commentId} label="Comment" error={fieldState.error?.message}>
            <textarea
              id={commentId}
              name={field.name}
              ref={field.ref}
              rows={5}
              maxLength={REVIEW_COMMENT_MAX}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(truncateComment(e.target.value))}
              onBlur={field.onBlur}
              aria-describedby={counterId}
              aria-invalid={fieldState.error ? true : undefined}
              className={inputClass}
            />
            <p id={counterId} className="text-right text-xs text-stone-600">
              {(field.value ?? '').length}/{REVIEW_COMMENT_MAX} characters
            </p>
          </Field>
        )}
      />
      <TextField
        label="Photo URL (optional)"
        type="url"
        inputMode="url"
        placeholder="https://…"
        {...field('photo_url')}
      />
      {done && <Alert tone="success">{done}</Alert>}
      {posted?.message && formState.submitCount === 0 && <Alert tone="error">{posted.message}</Alert>}
      <SubmitRow
        busy={formState.isSubmitting}
        busyLabel="Sending…"
        label={editing ? 'Update Review' : 'Submit Review'}
        onCancel={editing ? onCancelEdit : undefined}
      />
    </FormPanel>
  );
}
