import { useId } from 'react';
import { errorMessage } from '../../lib/api';
import type { ChecklistItem } from './api';
import { useTickItem } from './api';

/** The visit's checklist: a tick is saved at once; "required" items must all be ticked before Done. */
export function Checklist({ visitKey, items }: { visitKey: string; items: ChecklistItem[] }) {
  const tick = useTickItem();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="text-sm font-semibold text-stone-900">
        Checklist
      </h4>
      <ul className="mt-1 divide-y divide-stone-100">
        {items.map((item) => (
          <li key={item.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 py-1 text-base text-stone-800">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-brand-700"
                checked={item.done}
                onChange={(event) =>
                  tick.mutate({ key: visitKey, itemId: item.id, done: event.target.checked })
                }
              />
              <span>
                {item.label}
                {item.required && (
                  <>
                    {' '}
                    <span className="text-sm text-stone-600">(required)</span>
                  </>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {tick.isError && (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {errorMessage(tick.error, 'The tick was not saved.', 'Not saved: you are offline.')}
        </p>
      )}
    </section>
  );
}
