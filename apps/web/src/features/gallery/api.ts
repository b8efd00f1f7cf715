import { CAROUSEL, type GalleryPhoto, type GalleryUploadInput } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { newSeed } from './paging';

export const galleryKeys = {
  all: ['gallery'] as const,
  list: (category: string) => ['gallery', 'list', category] as const,
  carousel: ['gallery', 'carousel'] as const,
  seed: ['gallery', 'seed'] as const,
};

/**
 * The gallery, filtered by category in the database (case-insensitive "contains"). A small business's gallery is a
 * few hundred links at most, so the page shuffles and pages it itself (see `gallerySeedQueryOptions`).
 */
export const fetchGallery = (category: string, signal?: AbortSignal) =>
  apiFetch<GalleryPhoto[]>('/api/gallery', { query: { category: category.trim() }, signal, token: null });

export const galleryListQueryOptions = (category: string) =>
  queryOptions({
    queryKey: galleryKeys.list(category.trim()),
    queryFn: ({ signal }) => fetchGallery(category, signal),
  });

/**
 * The visit's shuffle (spec §4: random on each load), as a seed: drawn once per page load (on the server for a
 * server-rendered page, whose data carries it to the browser) and put in the page links, so paging through one
 * visit never repeats or skips a photo, with or without script.
 */
export const gallerySeedQueryOptions = queryOptions({
  queryKey: galleryKeys.seed,
  queryFn: newSeed,
  initialData: newSeed,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Up to 8 photos for the home carousel (spec §9). */
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
    mutationFn: (input: GalleryUploadInput) =>
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
