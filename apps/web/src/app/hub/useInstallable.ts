import { useEffect } from 'react';

/** What makes the hub installable, added to <head> while it shows: public pages stay without (and unchanged). */
const head = (manifest: string) => [
  { tag: 'link', attrs: { rel: 'manifest', href: manifest } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/hub/icon-192.png' } },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#0f5f4f' } },
];

/**
 * Lets the owner install the hub on a phone's home screen (manifests: apps/web/public/hub/, icons: npm run
 * hub-icons); the cleaner's day names its own manifest, which opens /my-day.
 */
export function useInstallable(manifest = '/hub/manifest.webmanifest') {
  useEffect(() => {
    const added = head(manifest).map(({ tag, attrs }) => {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
      element.dataset.hub = '';
      return document.head.appendChild(element);
    });
    return () => {
      for (const element of added) element.remove();
    };
  }, [manifest]);
}
