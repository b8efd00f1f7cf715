import { useState } from 'react';
import type { Feedback } from './ui/FormStatus';

/**
 * How a public form's last send ended, as one message (shown by <FormFeedback>). `attempt` clears it, runs the
 * send, and shows the text the send answers (if any) as a success or `failure(err)` as an error.
 */
export function useFeedback(first: Feedback | null = null) {
  const [feedback, setFeedback] = useState<Feedback | null>(first);

  async function attempt(send: () => Promise<string | null>, failure: (err: unknown) => string) {
    setFeedback(null);
    try {
      const text = await send();
      if (text) setFeedback({ tone: 'success', text });
    } catch (err) {
      setFeedback({ tone: 'error', text: failure(err) });
    }
  }

  return { feedback, setFeedback, attempt };
}
