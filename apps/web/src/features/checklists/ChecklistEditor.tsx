import { CHECKLIST_MAX_ITEMS, type ChecklistItem, checklistPut } from '@clean/shared';
import { type FormEvent, useId, useState } from 'react';
import { failureMessage } from '../../lib/failure';
import { Button } from '../../lib/ui/Button';
import { CheckboxField } from '../../lib/ui/FormFields';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { TextField } from '../../lib/ui/TextField';
import { useSaveStatus } from '../../lib/useSaveStatus';
import { type ChecklistOwner, useChecklist, useSaveChecklist } from './api';

type Row = { key: number; label: string; required: boolean };
let nextKey = 1;
const rowsOf = (items: ChecklistItem[]): Row[] =>
  items.map((i) => ({ key: nextKey++, label: i.label, required: i.required }));

/**
 * A checklist's small editor (a package's template, a home's items): one line per item with "Required", add,
 * remove, and Save, which sends the whole list; "Saved" or the server's reason shows above it.
 */
export function ChecklistEditor({ owner, title }: { owner: ChecklistOwner; title: string }) {
  const list = useChecklist(owner);
  if (list.isPending) return <p className="text-sm text-stone-600">Loading the checklist…</p>;
  if (list.isError) return <p className="text-sm text-red-800">The checklist could not be loaded.</p>;
  return <Editor owner={owner} title={title} items={list.data.items} />;
}

function Editor({ owner, title, items }: { owner: ChecklistOwner; title: string; items: ChecklistItem[] }) {
  const headingId = useId();
  const status = useSaveStatus();
  const save = useSaveChecklist(owner);
  const [rows, setRows] = useState(() => rowsOf(items));
  const [error, setError] = useState<string | null>(null);
  const change = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      items: rows.filter((r) => r.label.trim()).map(({ label, required }) => ({ label, required })),
    };
    const checked = checklistPut.safeParse(body);
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the items.'));
    if (!checked.success) return;
    status.attempt(
      async () => {
        const saved = await save.mutateAsync(body);
        setRows(rowsOf(saved.items));
        return 'Saved.';
      },
      (err) => failureMessage('The checklist could not be saved.', err),
    );
  }

  return (
    <form aria-labelledby={headingId} noValidate onSubmit={onSubmit} className="space-y-2">
      <h4 id={headingId} className="font-semibold text-brand-950">
        {title}
      </h4>
      <SaveStatus state={status} />
      {rows.length === 0 && <p className="text-sm text-stone-600">No items yet.</p>}
      <ul className="space-y-2">
        {rows.map((row, index) => (
          <li key={row.key} className="flex flex-wrap items-end gap-2">
            <TextField
              label={`Item ${index + 1}`}
              value={row.label}
              maxLength={120}
              className="min-w-0 flex-1"
              onChange={(e) => change(row.key, { label: e.target.value })}
            />
            <CheckboxField
              label="Required"
              checked={row.required}
              onChange={(e) => change(row.key, { required: e.target.checked })}
            />
            <Button
              variant="ghost"
              className="px-3"
              aria-label={`Remove item ${index + 1}`}
              onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {error && <p className="text-sm text-red-800">{error}</p>}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="px-3"
          disabled={rows.length >= CHECKLIST_MAX_ITEMS}
          onClick={() => setRows((all) => [...all, { key: nextKey++, label: '', required: false }])}
        >
          Add an item
        </Button>
        <Button type="submit" className="px-4" disabled={save.isPending}>
          Save the checklist
        </Button>
      </div>
    </form>
  );
}
