import { createContext, useContext, useEffect } from 'react';
import { useSiteConfig } from './site-config';

/** Server rendering collects the page's title and description here (effects do not run on the server). */
export type PageMeta = { title?: string; description?: string };
export const PageMetaContext = createContext<PageMeta | null>(null);

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
  const fullTitle = title ? `${title} | ${businessName}` : `${businessName} | ${tagline}`;
  const collected = useContext(PageMetaContext);
  if (collected) {
    collected.title = fullTitle;
    if (description) collected.description = description;
  }
  useEffect(() => {
    document.title = fullTitle;
    if (description) setMetaDescription(description);
  }, [fullTitle, description]);
}
