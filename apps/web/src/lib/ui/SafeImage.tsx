import { photoSources, type ResponsiveImage } from '@clean/shared';
import { type ComponentProps, useLayoutEffect, useRef, useState } from 'react';

/**
 * An <img> that swaps to a local placeholder when its link is broken (images may be links to another
 * host, docs/product.md#photos-and-images, and links rot). Pass width/height or size it with an aspect-ratio box so
 * nothing shifts. A server-rendered picture may have failed before the page's code ran (its error event long gone):
 * one that is complete with no width when the component mounts counts as broken too.
 */
export function SafeImage({
  src,
  fallback,
  alt,
  image,
  sizes,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'onError'> & {
  src: string;
  fallback: string;
  alt: string;
  /**
   * An uploaded photo's encodings: drawn as a <picture> (AVIF, else WebP, else JPEG), at the width `sizes` says the
   * image is shown at, so a phone loads a 320 or 640 px file where a wide screen loads the 1280. The page's data
   * carries only the photo's id and widths; the srcsets are built here (photoSources), as the server rendered them.
   */
  image?: ResponsiveImage;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const broken = failedSrc === src;
  useLayoutEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute('src') === src) setFailedSrc(src);
  }, [src]);
  const picture = image && !broken ? photoSources(image) : undefined;
  const img = (
    <img
      {...props}
      ref={ref}
      src={broken ? fallback : src}
      srcSet={picture?.srcset}
      sizes={picture ? sizes : undefined}
      alt={alt}
      data-broken={broken || undefined}
      onError={() => {
        if (!broken) setFailedSrc(src);
      }}
    />
  );
  if (!picture) return img;
  return (
    // display: contents, so the <img> is laid out as if the <picture> were not there (its sizing classes hold).
    <picture className="contents">
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
