import type { GalleryPhoto } from '@clean/shared';
import type { ComponentProps } from 'react';
import { Link, type To } from 'react-router';
import { PHOTO_PLACEHOLDER, photoAlt } from '../photo';
import { cx } from './cx';
import { SafeImage } from './SafeImage';

type TileImageProps = Omit<
  ComponentProps<typeof SafeImage>,
  'fallback' | 'className' | 'width' | 'height'
> & {
  /** The picture's width in CSS pixels; its height follows from the 4:3 frame. */
  width: number;
  /** Extra classes for the 4:3 frame. */
  frameClassName?: string;
};

/**
 * A picture filling a 4:3 frame (sized before it loads: no layout shift) that zooms a little while its
 * tile, the enclosing `group`, is hovered. A broken link shows the photo placeholder.
 */
export function TileImage({ frameClassName, src, alt, width, ...props }: TileImageProps) {
  return (
    <span className={cx('block aspect-[4/3]', frameClassName)}>
      <SafeImage
        src={src}
        fallback={PHOTO_PLACEHOLDER}
        alt={alt}
        width={width}
        height={(width * 3) / 4}
        {...props}
        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
    </span>
  );
}

/**
 * A gallery photo as a link that opens it (the gallery's grid and the home page's carousel): the page with the
 * photo's dialog open, rendered by the server before or without script, opened in place once the page is live.
 */
export function PhotoTile({
  photo,
  to,
  className,
  ...props
}: Omit<TileImageProps, 'src' | 'alt' | 'frameClassName'> & {
  photo: GalleryPhoto;
  to: To;
  /** Extra classes for the link (its corners, its width). */
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={cx('group block overflow-hidden bg-brand-50 shadow-sm ring-1 ring-stone-200', className)}
    >
      <TileImage src={photo.image_url} image={photo.image} alt={photoAlt(photo)} {...props} />
    </Link>
  );
}
