import { useEffect } from 'react';

/** What makes the hub installable, added to <head> while it shows: public pages stay without (and unchanged). */
const HEAD = [
  { tag: 'link', attrs: { rel: 'manifest', href: '/hub/manifest.webmanifest' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/hub/icon-192.png' } },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#0f5f4f' } },
] as const;

/** Lets the owner install the hub on a phone's home screen (manifest: apps/web/public/hub/, icons: npm run hub-icons). */
export function useInstallable() {
  useEffect(() => {
    const added = HEAD.map(({ tag, attrs }) => {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
      element.dataset.hub = '';
      return document.head.appendChild(element);
    });
    return () => {
      for (const element of added) element.remove();
    };
  }, []);
}
