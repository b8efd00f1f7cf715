import { useEffect } from 'react';
import { HUB_WORKER } from '../../features/push/api';

/**
 * Installs the hub's service worker (apps/web/worker/hub-sw.ts) whenever the hub shows, so it opens offline with
 * the owner's last answers. A browser without workers, or `npm run dev` (which builds none), just stays online-only.
 */
export function useHubWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(HUB_WORKER.url, { scope: HUB_WORKER.scope }).catch(() => {});
  }, []);
}
