import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HUB_WORKER } from '../../features/push/api';

/**
 * Installs the hub's service worker (apps/web/worker/hub-sw.ts) whenever the hub shows, so it opens offline with
 * the owner's last answers; the cleaner's day registers the same worker under its own scope (`/my-day`). A
 * browser without workers, or `npm run dev` (which builds none), just stays online-only.
 *
 * On the first visit the hub's reads (who the owner is, the open tab's lists) go out before the worker controls
 * the page, so it keeps none of them: when it takes control, the hub reads again what it shows, through it, and
 * an owner who loses signal right after still finds the hub as last seen (docs/architecture.md, "Hub on the phone / offline").
 */
export function useHubWorker(scope = HUB_WORKER.scope) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const readAgain = () => {
      queryClient.refetchQueries({ type: 'active' }).catch(() => {});
    };
    container.addEventListener('controllerchange', readAgain);
    container.register(HUB_WORKER.url, { scope }).catch(() => {});
    return () => container.removeEventListener('controllerchange', readAgain);
  }, [queryClient, scope]);
}
