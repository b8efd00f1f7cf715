import { useEffect, useRef, useState } from 'react';
import type { Feedback } from './ui/FormStatus';

/**
 * How a hub form's last save ended ("Saved …" or the error), held above the form: a settings form is keyed by the
 * data it saved, so a save rebuilds it, and a message kept inside would go with the old form. The message takes the
 * focus when it appears, since the Save button that had it may be gone; a screen reader reads it, and Tab goes
 * on from there. Render it with <SaveStatus> outside the rebuilt part.
 */
export function useSaveStatus() {
  const [status, setStatus] = useState<Feedback | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status) ref.current?.focus();
  }, [status]);

  /** Clears the message, runs the save, then says `saved`'s answer, or `failure(err)`. */
  async function attempt(save: () => Promise<string>, failure: (err: unknown) => string) {
    setStatus(null);
    try {
      setStatus({ tone: 'success', text: await save() });
    } catch (err) {
      setStatus({ tone: 'error', text: failure(err) });
    }
  }

  return { status, ref, attempt, show: setStatus };
}

export type SaveStatusState = ReturnType<typeof useSaveStatus>;
