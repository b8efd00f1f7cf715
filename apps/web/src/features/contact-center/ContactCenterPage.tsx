import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { cx } from '../../lib/ui/cx';
import { Card, Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';

const TABS = ['Agenda', 'Manage', 'Create Cleaning'] as const;
type Tab = (typeof TABS)[number];

/** The owner's hub (spec §2): three tabs, Agenda by default. Tab contents come with later features. */
export function ContactCenterPage() {
  usePageMeta('Contact Center', 'Administration hub.');
  const [active, setActive] = useState<Tab>('Agenda');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.indexOf(active);
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
    if (tab) setActive(tab);
    tabRefs.current[next]?.focus();
  }

  return (
    <Page title="Contact Center">
      <div
        role="tablist"
        aria-label="Contact Center sections"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-full border border-stone-200 bg-white p-1 shadow-sm sm:inline-flex"
      >
        {TABS.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={active === tab}
            aria-controls={`${baseId}-panel-${i}`}
            tabIndex={active === tab ? 0 : -1}
            onClick={() => setActive(tab)}
            className={cx(
              'shrink-0 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap',
              active === tab ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-brand-50',
            )}
          >
            {tab}
          </button>
        ))}
      </div>
      {TABS.map((tab, i) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={active !== tab}
          className="mt-6"
        >
          <Card>
            <h2 className="text-xl font-semibold text-brand-900">{tab}</h2>
            <p className="mt-2 text-stone-700">Coming soon.</p>
          </Card>
        </div>
      ))}
    </Page>
  );
}
