import { type ReactNode, useState } from 'react';
import { ApiError } from '../api';
import { Alert } from './Alert';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Delete a record others may refer to. The first confirmation deletes it alone; when the server refuses
 * (409, naming what refers to it) its message shows and a second confirmation deletes everything.
 */
export function DependantsDeleteDialog({
  title,
  question,
  everythingQuestion,
  failure,
  onDelete,
  onClose,
}: {
  title: string;
  question: ReactNode;
  everythingQuestion: ReactNode;
  /** Shown when the delete fails for another reason. */
  failure: string;
  onDelete: (withDependants: boolean) => Promise<unknown>;
  onClose: () => void;
}) {
  const [conflict, setConflict] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setError(null);
    setBusy(true);
    try {
      await onDelete(conflict !== null);
      setBusy(false);
      onClose();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 409 && conflict === null) {
        setConflict(err.serverMessage ?? 'Other records refer to this one.');
      } else {
        setError(failure);
      }
    }
  }

  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={conflict === null ? 'Delete' : 'Delete Everything'}
      busy={busy}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {conflict === null ? (
        <p>{question}</p>
      ) : (
        <>
          <Alert tone="error">{conflict}</Alert>
          <p>{everythingQuestion}</p>
        </>
      )}
    </ConfirmDialog>
  );
}
