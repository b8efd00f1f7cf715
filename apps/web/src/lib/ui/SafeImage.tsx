import { type ComponentProps, useLayoutEffect, useRef, useState } from 'react';

/**
 * An <img> that swaps to a local placeholder when its link is broken (images are links to an external
 * host, spec §1, and links rot). Pass width/height or size it with an aspect-ratio box so nothing shifts.
 * A server-rendered picture may have failed before the page's code ran (its error event long gone): one that is
 * complete with no width when the component mounts counts as broken too.
 */
export function SafeImage({
  src,
  fallback,
  alt,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'onError'> & { src: string; fallback: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const broken = failedSrc === src;
  useLayoutEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute('src') === src) setFailedSrc(src);
  }, [src]);
  return (
    <img
      {...props}
      ref={ref}
      src={broken ? fallback : src}
      alt={alt}
      data-broken={broken || undefined}
      onError={() => {
        if (!broken) setFailedSrc(src);
      }}
    />
  );
}
