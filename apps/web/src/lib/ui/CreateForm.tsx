import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

/** A Create Cleaning form: its fields, then how the last submit ended, then the submit button. */
export function CreateForm({
  label,
  submitLabel,
  onSubmit,
  outcome,
  children,
}: {
  label: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  outcome: { error: string | null; success: string | null; busy: boolean };
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
      {children}
      {outcome.error && <Alert tone="error">{outcome.error}</Alert>}
      {outcome.success && <Alert tone="success">{outcome.success}</Alert>}
      <Button type="submit" disabled={outcome.busy}>
        {outcome.busy ? 'Creating...' : submitLabel}
      </Button>
    </form>
  );
}
