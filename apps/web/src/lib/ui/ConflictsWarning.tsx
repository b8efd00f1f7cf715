import type { VisitConflict } from '@clean/shared';

/**
 * Conflicts found for a time: other visits it overlaps, working hours it falls outside. A warning, never a
 * refusal (the create and edit routes save regardless). `saved`: they are the answer of a save.
 */
export function ConflictsWarning({
  conflicts,
  saved = false,
}: {
  conflicts: VisitConflict[] | undefined;
  saved?: boolean;
}) {
  if (!conflicts?.length) return null;
  // The same clash found for several occurrences of a schedule reads once.
  const messages = [...new Set(conflicts.map((c) => c.message))];
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="font-semibold">{saved ? 'Saved, but note:' : 'Heads up: you can still save, but'}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
