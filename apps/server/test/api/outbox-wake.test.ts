import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { enqueueMails } from '../../src/lib/outbox';
import { useSlowPollApp } from '../support/outbox-wake';

/**
 * Queueing a mail wakes the worker by itself once its transaction commits (lib/outbox-wake.ts): the poll is set
 * to ten minutes here, so a mail that arrives within seconds was woken, and no test calls a worker.
 */
const { t, mail, subjects, arrives } = useSlowPollApp();

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
