import type { ReactNode } from 'react';
import { card } from './ui';

/** One part of the table: a card whose legend is its visible heading. */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={card}>
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-lg font-semibold text-brand-950">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}
