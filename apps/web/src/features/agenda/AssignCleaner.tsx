import type { Visit } from '@clean/shared';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { usePatchVisit, useTeamChoices } from './api';
import { PersonSelect } from './PersonSelect';

/** The server's 409 ends with how an API client assigns anyway; the panel offers a button for that instead. */
const withoutApiHint = (message: string) => message.replace(/\s*Send allow_overlap: true[^.]*\.\s*$/, '');

/**
 * "Who cleans": the visit given to a team member, the owner themself, or nobody. A time that person already has is
 * refused by the server, naming the other visit; "Give it anyway" sends it again with allow_overlap.
 */
export function AssignCleaner({ visit, onChange }: { visit: Visit; onChange: (visit: Visit) => void }) {
  const id = useId();
  const people = useTeamChoices({ id: visit.cleaner_id, name: visit.cleaner_name });
  const patch = usePatchVisit();
  const [conflict, setConflict] = useState<{ cleaner: number | null; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  function assign(cleaner: number | null, allowOverlap = false) {
    setConflict(null);
    setError(null);
    patch.mutate(
      {
        key: visit.key,
        version: visit.version,
        change: { cleaner_id: cleaner, ...(allowOverlap ? { allow_overlap: true } : {}) },
      },
      {
        onSuccess: onChange,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409 && !allowOverlap)
            setConflict({
              cleaner,
              message: withoutApiHint(err.serverMessage ?? 'They have another visit then.'),
            });
          else setError(failureMessage('The visit could not be assigned.', err));
        },
      },
    );
  }

  return (
    <div className="mt-4 space-y-2">
      <label htmlFor={id} className="block font-semibold text-stone-700">
        Who cleans
      </label>
      <PersonSelect
        id={id}
        people={people}
        value={String(visit.cleaner_id ?? '')}
        disabled={patch.isPending}
        onChange={(v) => assign(v === '' ? null : Number(v))}
        before={[{ value: '', label: 'Nobody yet' }]}
        className="block min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-base"
      />
      {conflict && (
        <Alert tone="error" className="space-y-2">
          <p>{conflict.message}</p>
          <Button variant="secondary" className="px-3" onClick={() => assign(conflict.cleaner, true)}>
            Give it anyway
          </Button>
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
