import { expect, vi } from 'vitest';
import { useTestApp } from './harness';

/**
 * An app whose outbox polls only every ten minutes, so a mail that arrives within seconds was woken by its
 * commit (lib/outbox-wake.ts), and helpers that queue a mail and wait for it to be sent.
 */
export function useSlowPollApp() {
  const t = useTestApp({ outbox: { pollMs: 600_000, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 3 } });
  const subjects = () => t.sent.map((m) => m.subject);
  return {
    t,
    subjects,
    mail: (subject: string) => ({ to: 'someone@example.com', subject, text: subject }),
    arrives: (subject: string) =>
      vi.waitFor(() => expect(subjects()).toContain(subject), { timeout: 5_000, interval: 20 }),
  };
}
