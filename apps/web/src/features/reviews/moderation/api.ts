import type { Review, ReviewInput } from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList } from '../../../lib/api';
import { hubKeys } from '../../../lib/hubKeys';
import { reviewsKey } from '../api';

/** Pending reviews a page (the original client set no size; a burst of spam must not load all at once). */
export const PENDING_PAGE_SIZE = 6;

/** GET /api/reviews/pending?page=&limit= (admin): visitor reviews waiting for moderation. */
export const fetchPendingReviews = (page: number, signal?: AbortSignal) =>
  apiList<Review>('/api/reviews/pending', { query: { page, limit: PENDING_PAGE_SIZE }, signal });

export const pendingReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...hubKeys.pendingReviews, page] as const,
    queryFn: ({ signal }) => fetchPendingReviews(page, signal),
    placeholderData: keepPreviousData,
  });

function useReviewMutation<T>(mutationFn: (vars: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: hubKeys.pendingReviews }),
        // The public list may now include or lose the review.
        client.invalidateQueries({ queryKey: reviewsKey }),
      ]),
  });
}

/** PATCH /api/reviews/{id} (admin). */
export const useUpdateReview = () =>
  useReviewMutation(({ id, change }: { id: number; change: ReviewInput }) =>
    apiFetch(`/api/reviews/${id}`, { method: 'PATCH', body: change }),
  );

/** PATCH /api/reviews/{id}/approve (admin, empty body). */
export const useApproveReview = () =>
  useReviewMutation((id: number) => apiFetch(`/api/reviews/${id}/approve`, { method: 'PATCH' }));
