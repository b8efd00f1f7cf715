import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSubmit } from '../useSubmit';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Confirms deleting one record that nothing else refers to; a failure stays in the dialog (with the
 * server's reason) so the owner can try again or cancel. Mount it only while it is open: each opening
 * starts without an old error.
 */
export function DeleteDialog<R>({
  title,
  failure,
  mutation,
  id,
  onClose,
  children,
}: {
  title: string;
  failure: string;
  /** A delete by id, and the record's id. */
  mutation: UseMutationResult<R, Error, number, unknown>;
  id: number;
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
