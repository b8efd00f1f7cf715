import { type ReactNode, useId, useState } from 'react';
import { cx } from '../../lib/ui/cx';

/** A form behind a title button that toggles it (hidden by default), e.g. 'Create …' / 'Hide … Form'. */
export function Collapsible({
  showLabel,
  hideLabel,
  children,
}: {
  showLabel: string;
  hideLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-2xl border border-stone-200 bg-white shadow-sm">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className={cx(
            'flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left text-lg font-semibold text-brand-900 hover:bg-brand-50 sm:px-6',
            open && 'rounded-b-none border-b border-stone-200',
          )}
        >
          <span>{open ? hideLabel : showLabel}</span>
          <span aria-hidden="true" className={cx('text-xl transition-transform', open && 'rotate-45')}>
            +
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="p-5 sm:p-6">
        {children}
      </div>
    </div>
  );
}
