import { MyVisitsDay } from '../../features/my-visits/MyVisitsDay';
import { installHubFetch } from '../../lib/offline';
import { Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';
import { OfflineNotice } from '../hub/OfflineNotice';
import { useHubWorker } from '../hub/useHubWorker';
import { useInstallable } from '../hub/useInstallable';

// The same offline machinery as the hub: answers from the worker's cache are noted, writes offline are refused
// (the clock taps excepted: they are kept and sent later, features/my-visits/clockTaps.ts).
installHubFetch();

/** The cleaner's day at /my-day: phone first, installable, readable offline like the hub (docs/architecture.md). */
export function MyDayPage() {
  usePageMeta('My day', 'Your visits of the day.');
  useInstallable('/hub/my-day.webmanifest');
  useHubWorker('/my-day');
  return (
    <Page title="My day" narrow className="py-6 sm:py-10">
      <OfflineNotice />
      <MyVisitsDay />
    </Page>
  );
}
