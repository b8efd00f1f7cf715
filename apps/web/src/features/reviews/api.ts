import { PAGE_SIZES, type Review, type ReviewInput } from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** Every reviews query starts with this key, so the hub's approvals refresh the public list too. */
export const reviewsKey = ['reviews'] as const;

/** One page of approved reviews, paged by the database (X-Total-Count). */
export const fetchApprovedReviews = async (page: number, signal?: AbortSignal) => {
  const limit = PAGE_SIZES.reviews;
  const { items, total } = await apiList<Review>('/api/reviews', {
    query: { page, limit },
    signal,
    token: null,
  });
  // A server that ignores ?page=&limit= sends the whole list: page it here rather than show it all.
  if (items.length > limit) {
    return { items: items.slice((page - 1) * limit, page * limit), total: items.length };
  }
  return { items, total };
};

export const approvedReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...reviewsKey, 'approved', page],
    queryFn: ({ signal }) => fetchApprovedReviews(page, signal),
    placeholderData: keepPreviousData,
  });
export const useApprovedReviews = (page: number) => useQuery(approvedReviewsQueryOptions(page));

/** POST /api/reviews (stored pending; the bearer token goes along when there is one), or PUT when editing. */
export function useSaveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ReviewInput }) =>
      id === null
        ? apiFetch<{ message?: string } | undefined>('/api/reviews', { method: 'POST', body: input })
        : apiFetch<{ message?: string } | undefined>(`/api/reviews/${id}`, { method: 'PUT', body: input }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: reviewsKey }),
        client.invalidateQueries({ queryKey: hubKeys.pendingReviews }),
      ]),
  });
}

/** DELETE /api/reviews/{id} (admin), from the public list or the hub's pending list. */
export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/reviews/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: reviewsKey }),
        client.invalidateQueries({ queryKey: hubKeys.pendingReviews }),
      ]),
  });
}

export const REVIEW_MESSAGES = {
  fetchFailed: 'Failed to fetch reviews',
  saveFailed: 'Failed to save review',
  deleteFailed: 'Failed to delete review',
  confirmDelete: 'Are you sure you want to delete this review?',
  submitted: 'Thank you! Your review will appear once approved.',
  updated: 'The review has been updated.',
} as const;

/** The default image of a review without a photo (docs/product.md#photos-and-images). */
export const DEFAULT_REVIEW_PHOTO = '/demo/logo.webp';
