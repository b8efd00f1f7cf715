import { useEffect } from 'react';
import { useSiteConfig } from './site-config';

function setMetaDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

/** Sets `document.title` to "{title} | {business name}" (just the name and tagline when title is empty). */
export function usePageMeta(title: string, description?: string) {
  const { businessName, tagline } = useSiteConfig();
  useEffect(() => {
    document.title = title ? `${title} | ${businessName}` : `${businessName} | ${tagline}`;
    if (description) setMetaDescription(description);
  }, [title, description, businessName, tagline]);
}
