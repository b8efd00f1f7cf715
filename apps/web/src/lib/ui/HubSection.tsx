import { type ReactNode, useId } from 'react';

/** A white panel of the hub's Manage tab with its own heading (calendar feed, notices…), labelled by it. */
export function HubSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        {title}
      </h2>
      {children}
    </section>
  );
}
