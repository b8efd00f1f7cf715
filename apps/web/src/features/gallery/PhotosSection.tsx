import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { InlineLoading } from '../../lib/ui/Loading';

// The same upload form as the Gallery page's, and its own chunk: the hub loads it only when Site opens.
const GalleryUploadForm = lazy(() =>
  import('./admin/GalleryUploadForm').then((m) => ({ default: m.GalleryUploadForm })),
);

/** Site → Photos: adds a photo to the public gallery (a file from this device, or a link). */
export function PhotosSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-2xl font-bold text-brand-950">
          Photos
        </h2>
        <p className="text-stone-600">
          Photos added here show on the{' '}
          <Link to="/gallery" className="font-semibold text-brand-800 underline">
            Gallery
          </Link>{' '}
          page, where they can also be removed.
        </p>
      </div>
      <Suspense fallback={<InlineLoading />}>
        <GalleryUploadForm />
      </Suspense>
    </section>
  );
}
