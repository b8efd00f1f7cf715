import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PackageChecklists } from '../../features/checklists/PackageChecklists';
import { CLEANUP_SECTION_ID } from '../../features/cleanup/CleanupSection';
import { LargeDatabaseBanner } from '../../features/cleanup/LargeDatabaseBanner';
import { DemoContentBanner } from '../../features/demo-content/DemoContentBanner';
import { useNewInquiries } from '../../features/inquiries/api';
import { InvoicesSection } from '../../features/invoices/InvoicesSection';
import { PricingSection } from '../../features/pricing/PricingSection';
import { TeamSection } from '../../features/team/TeamSection';
import { installHubFetch } from '../../lib/offline';
import { cx } from '../../lib/ui/cx';
import { Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';
import { AgendaTab } from './AgendaTab';
import { CreateCleaningTab } from './CreateCleaningTab';
import { ManageTab } from './ManageTab';
import { OfflineNotice } from './OfflineNotice';
import { SiteTab } from './SiteTab';
import { useHubWorker } from './useHubWorker';
import { useInstallable } from './useInstallable';

// From the hub's first load on, the owner's requests note answers from the worker's cache and refuse offline writes.
installHubFetch();

const TABS = [
  { key: 'agenda', label: 'Agenda' },
  { key: 'manage', label: 'Manage' },
  { key: 'create', label: 'Create Cleaning' },
  { key: 'invoices', label: 'Invoices' },
  { key: 'pricing', label: 'Pricing' },
  { key: 'site', label: 'Site' },
  { key: 'team', label: 'Team' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** "Agenda (3)" on screen; read out as "Agenda, 3 new requests". */
function NewRequestCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden="true"> ({count})</span>
      <span className="sr-only">
        , {count} new {count === 1 ? 'request' : 'requests'}
      </span>
    </>
  );
}

const isTab = (value: string | null): value is TabKey => TABS.some((t) => t.key === value);

/**
 * The owner's hub (docs/product.md#the-owners-hub): tabs Agenda (default), Manage, Create Cleaning, Invoices, Pricing (the
 * booking form's price table), Site (the business facts, booking rules and working hours) and Team (the cleaners).
 * The open tab is kept in the address (?tab=) so a reload stays put. The calendar is only mounted while its tab shows (it measures
 * itself); Manage and Create keep their state once visited.
 */
export function HubPage() {
  usePageMeta('Contact Center', 'Administration hub.');
  useInstallable();
  useHubWorker();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'agenda';
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set([active]));
  const [scrollToCleanup, setScrollToCleanup] = useState(false);
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const newRequests = useNewInquiries();

  function select(tab: TabKey) {
    setVisited((v) => (v.has(tab) ? v : new Set([...v, tab])));
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab === 'agenda') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  }

  useEffect(() => {
    setVisited((v) => (v.has(active) ? v : new Set([...v, active])));
  }, [active]);

  useEffect(() => {
    if (!scrollToCleanup || active !== 'manage') return;
    const target = document.getElementById(CLEANUP_SECTION_ID);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    setScrollToCleanup(false);
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.key === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (tab) select(tab.key);
    tabRefs.current[next]?.focus();
  }

  return (
    <Page title="Contact Center">
      <OfflineNotice />
      <DemoContentBanner />
      <LargeDatabaseBanner
        onGoToCleanup={() => {
          select('manage');
          setScrollToCleanup(true);
        }}
      />
      <div
        role="tablist"
        aria-label="Contact Center sections"
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 rounded-3xl border border-stone-200 bg-white p-1 shadow-sm sm:inline-flex sm:flex-nowrap sm:rounded-full"
      >
        {TABS.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={active === tab.key}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            onClick={() => select(tab.key)}
            className={cx(
              'min-h-11 flex-auto rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap sm:flex-none sm:px-4',
              active === tab.key ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-brand-50',
            )}
          >
            {tab.label}
            {tab.key === 'agenda' && <NewRequestCount count={newRequests.data?.total ?? 0} />}
          </button>
        ))}
      </div>
      {TABS.map((tab) => {
        const shown = active === tab.key;
        const mounted = tab.key === 'agenda' ? shown : visited.has(tab.key) || shown;
        return (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${baseId}-panel-${tab.key}`}
            aria-labelledby={`${baseId}-tab-${tab.key}`}
            hidden={!shown}
            className="mt-6"
          >
            {mounted && (
              <>
                {tab.key === 'agenda' && <AgendaTab />}
                {tab.key === 'manage' && <ManageTab />}
                {tab.key === 'create' && <CreateCleaningTab />}
                {tab.key === 'invoices' && <InvoicesSection />}
                {tab.key === 'pricing' && (
                  <div className="space-y-10">
                    <PricingSection />
                    <PackageChecklists />
                  </div>
                )}
                {tab.key === 'site' && <SiteTab />}
                {tab.key === 'team' && <TeamSection />}
              </>
            )}
          </div>
        );
      })}
    </Page>
  );
}
