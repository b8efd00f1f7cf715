import {
  CAROUSEL,
  GALLERY_SEED_MAX,
  type GalleryPhoto,
  type GalleryUploadInput,
  PAGE_SIZES,
} from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList } from '../../lib/api';

export const galleryKeys = {
  all: ['gallery'] as const,
  page: (category: string, seed: number, page: number) => ['gallery', 'page', category, seed, page] as const,
  carousel: ['gallery', 'carousel'] as const,
  // Outside `all`: an upload or a delete refreshes the photos, never the visit's order.
  seed: ['gallery-seed'] as const,
};

/**
 * One page of the gallery in the visit's shuffle (`seed`), filtered by category (case-insensitive "contains"):
 * the database shuffles, filters and pages, so a gallery of thousands of photos sends the 12 a page shows.
 */
export const fetchGalleryPage = (category: string, seed: number, page: number, signal?: AbortSignal) =>
  apiList<GalleryPhoto>('/api/gallery', {
    query: { category: category.trim(), seed, page, limit: PAGE_SIZES.gallery },
    signal,
    token: null,
  });

export const galleryPageQueryOptions = (category: string, seed: number, page: number) =>
  queryOptions({
    queryKey: galleryKeys.page(category.trim(), seed, page),
    queryFn: ({ signal }) => fetchGalleryPage(category, seed, page, signal),
    placeholderData: keepPreviousData,
  });

/** A new visit's seed: a positive whole number that fits a page parameter (and the API's `seed`). */
export const newSeed = () => 1 + Math.floor(Math.random() * GALLERY_SEED_MAX);

/**
 * The visit's shuffle (random on each load: docs/product.md#gallery), as a seed: drawn once per page load (on the
 * server for a server-rendered page, whose data carries it to the browser) and put in the page links, so paging
 * through one visit never repeats or skips a photo, with or without script.
 */
export const gallerySeedQueryOptions = queryOptions({
  queryKey: galleryKeys.seed,
  queryFn: newSeed,
  initialData: newSeed,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Up to 8 photos for the home carousel (docs/product.md#home). */
export const fetchCarouselPhotos = async (signal?: AbortSignal) => {
  const photos = await apiFetch<GalleryPhoto[]>('/api/gallery', {
    query: { page: 1, limit: CAROUSEL.maxPhotos },
    signal,
    token: null,
  });
  return photos.slice(0, CAROUSEL.maxPhotos);
};

export const carouselPhotosQueryOptions = queryOptions({
  queryKey: galleryKeys.carousel,
  queryFn: ({ signal }) => fetchCarouselPhotos(signal),
});
export const useCarouselPhotos = () => useQuery(carouselPhotosQueryOptions);

/** POST /api/gallery/upload (admin). */
export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    // A link as JSON, or a FormData carrying the photo file.
    mutationFn: (input: GalleryUploadInput | FormData) =>
      apiFetch<GalleryPhoto>('/api/gallery/upload', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

/** DELETE /api/gallery/{id} (admin). */
export function useDeletePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/gallery/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}
