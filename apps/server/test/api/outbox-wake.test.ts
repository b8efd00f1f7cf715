import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/client';
import { enqueueMails } from '../../src/lib/outbox';
import { useTestApp } from '../support/harness';

/**
 * Queueing a mail wakes the worker by itself once its transaction commits (lib/outbox-wake.ts): the poll is set
 * to ten minutes here, so a mail that arrives within seconds was woken, and no test calls a worker.
 */
const slowPoll = { pollMs: 600_000, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 3 };
const t = useTestApp({ outbox: slowPoll });

const mail = (subject: string) => ({ to: 'someone@example.com', subject, text: subject });
const subjects = () => t.sent.map((m) => m.subject);
const arrives = (subject: string) =>
  vi.waitFor(() => expect(subjects()).toContain(subject), { timeout: 5_000, interval: 20 });

describe('queueing a message wakes its sender', () => {
  it('sends a mail queued in a transaction only after the commit, and promptly', async () => {
    await t.db.transaction(async (tx) => {
      await enqueueMails(tx as unknown as Db, [mail('After commit')]);
      expect(subjects()).not.toContain('After commit');
    });
    await arrives('After commit');
  });

  it('sends nothing queued by a transaction that rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMails(tx as unknown as Db, [mail('Rolled back')]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await enqueueMails(t.db, [mail('Committed after')]);
    await arrives('Committed after');
    expect(subjects()).not.toContain('Rolled back');
  });
});
