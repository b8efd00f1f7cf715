import { type ComponentProps, useState } from 'react';

/**
 * An <img> that swaps to a local placeholder when its link is broken (images are links to an external
 * host, spec §1, and links rot). Pass width/height or size it with an aspect-ratio box so nothing shifts.
 */
export function SafeImage({
  src,
  fallback,
  alt,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'onError'> & { src: string; fallback: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = failedSrc === src;
  return (
    <img
      {...props}
      src={broken ? fallback : src}
      alt={alt}
      data-broken={broken || undefined}
      onError={() => {
        if (!broken) setFailedSrc(src);
      }}
    />
  );
}
