import { useId } from 'react';
import { usePackages } from '../packages/api';
import { ChecklistEditor } from './ChecklistEditor';

/** Pricing → each package's checklist template: what every visit of that package starts its checklist with. */
export function PackageChecklists() {
  const headingId = useId();
  const packages = usePackages();
  if (!packages.isSuccess || packages.data.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-semibold text-brand-950">
        Checklists per package
      </h3>
      <p className="text-sm text-stone-600">
        Each visit’s checklist is its package’s items, then the home’s own. A cleaner cannot mark a visit done
        until every required item is ticked.
      </p>
      {packages.data.map((p) => (
        <ChecklistEditor key={p.id} owner={{ kind: 'packages', id: p.id }} title={p.title} />
      ))}
    </section>
  );
}
