import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSubmit } from '../useSubmit';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Confirms deleting one record that nothing else refers to; a failure stays in the dialog (with the
 * server's reason) so the owner can try again or cancel. Mount it only while it is open: each opening
 * starts without an old error.
 */
export function DeleteDialog<R, V = number>({
  title,
  failure,
  mutation,
  id,
  onClose,
  children,
}: {
  title: string;
  failure: string;
  /** A delete, and what names the record to it: its id (and its version, for a versioned record). */
  mutation: UseMutationResult<R, Error, V, unknown>;
  id: V;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = useSubmit(mutation, failure);
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel="Delete"
      busy={submit.busy}
      error={submit.error}
      onClose={onClose}
      onConfirm={() => submit.run(id, onClose)}
    >
      {children}
    </ConfirmDialog>
  );
}
