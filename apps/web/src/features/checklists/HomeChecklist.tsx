import { useState } from 'react';
import { ChecklistEditor } from './ChecklistEditor';

/**
 * An inquiry card's "Checklist for this home": the home's own items, after its package's. Read only once opened,
 * so a page of cards asks for none of them.
 */
export function HomeChecklist({ inquiryId }: { inquiryId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-3 rounded-xl border border-stone-200 p-3"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-900">
        Checklist for this home
      </summary>
      {open && <ChecklistEditor owner={{ kind: 'inquiries', id: inquiryId }} title="This home’s items" />}
    </details>
  );
}
