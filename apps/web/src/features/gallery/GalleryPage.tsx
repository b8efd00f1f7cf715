import { type GalleryPhoto, PAGE_SIZES } from '@clean/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { photoText } from '../../lib/photo';
import { Alert } from '../../lib/ui/Alert';
import { InlineLoading } from '../../lib/ui/Loading';
import { Page } from '../../lib/ui/Page';
import { PhotoDialog } from '../../lib/ui/PhotoDialog';
import { PhotoTile } from '../../lib/ui/PhotoTile';
import { inputClass } from '../../lib/ui/TextField';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../auth/session';
import { galleryListQueryOptions, useDeletePhoto } from './api';
import { PageButtons } from './PageButtons';
import { clampPage, pageCount, pageSlice } from './paging';

// The owner's upload form is its own chunk: visitors never download it.
const GalleryUploadForm = lazy(() =>
  import('./admin/GalleryUploadForm').then((m) => ({ default: m.GalleryUploadForm })),
);

const SEARCH_DEBOUNCE_MS = 300;

export const GALLERY_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete this photo?',
  deleted: 'Photo deleted successfully!',
  deleteFailed: 'Error deleting photo. Please try again.',
} as const;

export function GalleryPage() {
  usePageMeta('Gallery', 'Before-and-after photos of kitchens, bathrooms, offices and more.');
  const { isAdmin } = useSession();
  const [search, setSearch] = useState('');
  const category = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const {
    data: photos,
    isPending,
    error,
    isPlaceholderData,
  } = useQuery({
    ...galleryListQueryOptions(category),
    placeholderData: keepPreviousData,
  });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<GalleryPhoto | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const remove = useDeletePhoto();
  const searchId = useId();

  useEffect(() => {
    if (error) console.error('Failed to load the gallery', error);
  }, [error]);

  // A new filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: category is the trigger
  useEffect(() => setPage(1), [category]);

  const all = photos ?? [];
  const pages = pageCount(all.length, PAGE_SIZES.gallery);
  const current = clampPage(page, pages);
  const visible = pageSlice(all, current, PAGE_SIZES.gallery);

  const onDelete = async (photo: GalleryPhoto) => {
    if (!window.confirm(GALLERY_MESSAGES.confirmDelete)) return;
    setNotice(null);
    try {
      await remove.mutateAsync(photo.id);
      setNotice({ tone: 'success', text: GALLERY_MESSAGES.deleted });
    } catch (err) {
      console.error('Failed to delete photo', err);
      setNotice({ tone: 'error', text: GALLERY_MESSAGES.deleteFailed });
    }
  };

  return (
    <Page
      title="Gallery"
      intro="A look at our recent work — kitchens, bathrooms, offices, moving days and more."
    >
      {isAdmin && (
        <Suspense fallback={<InlineLoading />}>
          <GalleryUploadForm />
        </Suspense>
      )}

      <div className={isAdmin ? 'mt-10' : undefined}>
        <label htmlFor={searchId} className="block text-sm font-medium text-stone-800">
          Search by category
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="e.g. Kitchen, Bathroom, Office"
          className={`${inputClass} mt-1.5 max-w-sm`}
        />
      </div>

      {notice && (
        <Alert tone={notice.tone} className="mt-6">
          {notice.text}
        </Alert>
      )}

      <div className="mt-6" aria-busy={isPlaceholderData || undefined}>
        {isPending && <InlineLoading label="Loading photos..." />}
        {error && !photos && (
          <p className="py-10 text-center text-stone-700">
            The gallery couldn’t be loaded right now. Please try again later.
          </p>
        )}
        {photos && all.length === 0 && (
          <p className="py-10 text-center text-stone-700" role="status">
            {category ? `No photos in a category matching “${category}”.` : 'No photos yet.'}
          </p>
        )}
        {visible.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 sm:gap-4">
            {visible.map((photo, index) => (
              <li key={photo.id} className="flex flex-col gap-2">
                <PhotoTile
                  photo={photo}
                  onOpen={setSelected}
                  className="rounded-xl"
                  width={400}
                  loading={index < 5 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                />
                {isAdmin && (
                  <button
                    type="button"
                    aria-label={`Delete photo: ${photoText(photo).caption}`}
                    onClick={() => onDelete(photo)}
                    disabled={remove.isPending && remove.variables === photo.id}
                    className="rounded-full border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                  >
                    Delete
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <PageButtons page={current} pageCount={pages} onPageChange={setPage} label="Gallery pages" />
      <PhotoDialog photo={selected} onClose={() => setSelected(null)} />
    </Page>
  );
}
