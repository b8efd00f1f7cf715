import type { ComponentProps } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { cx } from './cx';

export type Feedback = { tone: 'success' | 'error'; text: string };

/** A form's one message about its last send, if there is one. */
export function FormFeedback({ feedback }: { feedback: Feedback | null }) {
  return feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>;
}

/** A form's submit button: disabled while the form is sent, and saying so. */
export function SubmitButton({
  busy,
  busyLabel,
  label,
  disabled = false,
  className,
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A form's submit button with, when the form can be left, a secondary button beside it (Cancel / Close). */
export function SubmitRow({
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled = false,
  className = 'gap-3',
  ...submit
}: Omit<ComponentProps<typeof SubmitButton>, 'className'> & {
  onCancel?: () => void;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-wrap', className)}>
      <SubmitButton {...submit} />
      {onCancel && (
        <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      )}
    </div>
  );
}
