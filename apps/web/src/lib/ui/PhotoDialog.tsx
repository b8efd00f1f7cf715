import type { GalleryPhoto } from '@clean/shared';
import type { ComponentProps } from 'react';
import { Link, type To } from 'react-router';
import { DIALOG_SIZES, PHOTO_PLACEHOLDER, photoAlt, photoText } from '../photo';
import { buttonClass } from './Button';
import { Dialog } from './Dialog';
import { SafeImage } from './SafeImage';

/** A gallery photo, large, with its caption and category (and its photo type where asked). */
export function PhotoDialog({
  photo,
  onClose,
  closeLink,
  showType = false,
}: {
  photo: GalleryPhoto | null;
  onClose: () => void;
  /** The page without the dialog (Close is a link: it works before the page is live too). */
  closeLink: To;
  showType?: boolean;
}) {
  const text = photo ? photoText(photo) : null;
  return (
    <Dialog open={photo !== null} onClose={onClose} title={text?.caption ?? ''} className="max-w-3xl">
      {photo && text && (
        <>
          <DialogImage
            src={photo.image_url}
            image={photo.image}
            alt={photoAlt(photo)}
            maxHeight="max-h-[60vh]"
          />
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-stone-700">Caption</dt>
            <dd className="text-stone-900">{text.caption}</dd>
            <dt className="font-semibold text-stone-700">Category</dt>
            <dd className="text-stone-900">{text.category}</dd>
            {showType && (
              <>
                <dt className="font-semibold text-stone-700">Photo type</dt>
                <dd className="text-stone-900">{text.photoType}</dd>
              </>
            )}
          </dl>
          <div className="mt-5 flex justify-end">
            <Link to={closeLink} replace className={buttonClass('secondary')}>
              Close
            </Link>
          </div>
        </>
      )}
    </Dialog>
  );
}

/**
 * A dialog's large picture, whole (object-contain) and at most `maxHeight` tall. An uploaded photo has its own
 * proportions, so the box is right before it loads; a link's are unknown (4:3 assumed).
 */
export function DialogImage({
  src,
  image,
  alt,
  maxHeight,
}: {
  src: string;
  image: ComponentProps<typeof SafeImage>['image'];
  alt: string;
  maxHeight: 'max-h-[50vh]' | 'max-h-[60vh]';
}) {
  return (
    <div className="overflow-hidden rounded-xl bg-brand-50">
      <SafeImage
        src={src}
        image={image}
        sizes={DIALOG_SIZES}
        fallback={PHOTO_PLACEHOLDER}
        alt={alt}
        width={image?.width ?? 800}
        height={image?.height ?? 600}
        className={`mx-auto h-auto ${maxHeight} w-full object-contain`}
      />
    </div>
  );
}
