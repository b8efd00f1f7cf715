import { Alert } from './Alert';
import { Button } from './Button';

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
