import type { SiteConfig } from '@clean/shared';
import { useEffect } from 'react';

/**
 * The third-party work-request form (docs/product.md#contact-and-the-booking-form): its stylesheet and script are
 * added on mount and removed on unmount; the script renders into the container with the configured id.
 */
export function WorkRequestEmbed({ embed }: { embed: NonNullable<SiteConfig['workRequest']> }) {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = embed.stylesheetUrl;
    link.dataset.workRequest = '';
    document.head.append(link);
    const script = document.createElement('script');
    script.src = embed.scriptUrl;
    script.async = true;
    script.dataset.workRequest = '';
    document.body.append(script);
    return () => {
      link.remove();
      script.remove();
    };
  }, [embed.scriptUrl, embed.stylesheetUrl]);

  return <div id={embed.containerId} className="min-h-40" />;
}
