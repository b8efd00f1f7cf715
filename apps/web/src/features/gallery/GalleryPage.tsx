import { type GalleryPhoto, numberParam, PAGE_SIZES, pageParam, textParam } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { photoText } from '../../lib/photo';
import { Alert } from '../../lib/ui/Alert';
import { buttonClass } from '../../lib/ui/Button';
import { InlineLoading } from '../../lib/ui/Loading';
import { Page } from '../../lib/ui/Page';
import { PageLinks, pageCountOf } from '../../lib/ui/Pagination';
import { PhotoDialog } from '../../lib/ui/PhotoDialog';
import { PhotoTile } from '../../lib/ui/PhotoTile';
import { inputClass } from '../../lib/ui/TextField';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSearchState } from '../../lib/useSearchState';
import { useSession } from '../auth/session';
import { galleryPageQueryOptions, gallerySeedQueryOptions, useDeletePhoto } from './api';

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
  // The category, page, order (seed) and open photo are in the address: links and the search form work before
  // and without script, and Back steps through them.
  const { params, linkTo, go } = useSearchState();
  const category = textParam(params.get('category'));
  const visitSeed = useQuery(gallerySeedQueryOptions).data;
  const seed = numberParam(params.get('seed')) ?? visitSeed;
  const page = pageParam(params);
  const [search, setSearch] = useState(category);
  const typed = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searchRef = useRef<HTMLInputElement>(null);
  // One page, shuffled and filtered by the database; the previous page stays while the next one loads.
  const { data, isPending, error, isPlaceholderData } = useQuery(
    galleryPageQueryOptions(category, seed, page),
  );
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const remove = useDeletePhoto();
  const searchId = useId();

  useEffect(() => {
    if (error) console.error('Failed to load the gallery', error);
  }, [error]);

  // Text typed before the page was live is searched for as soon as it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page goes live
  useEffect(() => {
    const early = searchRef.current?.value;
    if (early !== undefined && early !== search) setSearch(early);
  }, []);

  // Typing searches as it goes (a new search starts at page 1); the address follows, replacing its entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounced text is the trigger
  useEffect(() => {
    if (typed !== category) go({ category: typed, page: null, seed }, { replace: true });
  }, [typed]);

  const visible = data?.items ?? [];
  const pages = pageCountOf(data?.total ?? 0, PAGE_SIZES.gallery);
  const selected = visible.find((photo) => photo.id === numberParam(params.get('photo'))) ?? null;
  // An address past the last page (a filter or a deletion shrank the list) moves to the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: go is a new function each render
  useEffect(() => {
    if (data && !isPlaceholderData && page > pages) go({ page: pages, seed }, { replace: true });
  }, [data, isPlaceholderData, page, pages]);

  // Every link carries the visit's order, so the page the server renders for it shows the same one.
  const linkFor = (changes: Record<string, number | null>) => linkTo({ seed, ...changes });

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

      <search className={isAdmin ? 'mt-10 block' : 'block'}>
        <form
          method="get"
          action="/gallery"
          onSubmit={(e) => {
            e.preventDefault();
            go({ category: search.trim(), page: null, seed });
          }}
        >
          <label htmlFor={searchId} className="block text-sm font-medium text-stone-800">
            Search by category
          </label>
          <div className="mt-1.5 flex max-w-md gap-2">
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              name="category"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="e.g. Kitchen, Bathroom, Office"
              className={inputClass}
            />
            <input type="hidden" name="seed" value={seed} />
            <button type="submit" className={buttonClass('secondary', 'shrink-0')}>
              Search
            </button>
          </div>
        </form>
      </search>

      {notice && (
        <Alert tone={notice.tone} className="mt-6">
          {notice.text}
        </Alert>
      )}

      <div className="mt-6" aria-busy={isPlaceholderData || undefined}>
        {isPending && <InlineLoading label="Loading photos..." />}
        {error && !data && (
          <p className="py-10 text-center text-stone-700">
            The gallery couldn’t be loaded right now. Please try again later.
          </p>
        )}
        {data?.total === 0 && (
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
                  to={linkFor({ photo: photo.id })}
                  className="rounded-xl"
                  width={400}
                  // Two to five columns, as the grid's classes say.
                  sizes="(min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw"
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

      <PageLinks
        page={page}
        pageCount={pages}
        linkFor={(n) => linkFor({ page: n, photo: null })}
        label="Gallery pages"
      />
      <PhotoDialog
        photo={selected}
        onClose={() => go({ photo: null }, { replace: true })}
        closeLink={linkFor({ photo: null })}
      />
    </Page>
  );
}
