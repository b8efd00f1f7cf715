import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { hubCardClass, hubCardHeadingClass } from './HubCard';

/** A record's edit mode, in place of its card: the fields, the failure if saving failed, Save / Cancel. */
export function HubEditForm({
  subject,
  title,
  onSubmit,
  error,
  busy,
  onCancel,
  children,
}: {
  /** As for HubCard: the form is labelled "Edit " + subject. */
  subject: string;
  title?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${hubCardClass} space-y-3`}
      aria-label={`Edit ${subject}`}
    >
      {title && <h3 className={hubCardHeadingClass}>{title}</h3>}
      {children}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
