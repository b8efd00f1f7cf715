import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db/client';
import { openDatabase } from '../../src/db/client';
import { enqueueMails } from '../../src/lib/outbox';
import { memoryMailer } from '../support/harness';
import { useSlowPollApp } from '../support/outbox-wake';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const { t, mail, subjects, arrives } = useSlowPollApp();

describe('a queued message wakes the other servers too', () => {
  it('does not send a mail while its transaction is open, though other mails go meanwhile', async () => {
    let commit = () => {};
    const mayCommit = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let queued = () => {};
    const isQueued = new Promise<void>((resolve) => {
      queued = resolve;
    });
    const open = t.db.transaction(async (tx) => {
      await enqueueMails(tx as unknown as Db, [mail('Held open')]);
      queued();
      await mayCommit;
    });
    await isQueued;
    await enqueueMails(t.db, [mail('Meanwhile')]);
    await arrives('Meanwhile');
    expect(subjects()).not.toContain('Held open');
    commit();
    await open;
    await arrives('Held open');
  });

  it('another server sends a mail this one queued, within seconds though its poll is ten minutes away', async () => {
    const url = (t.database as { url?: string }).url;
    expect(url).toBeTruthy();
    const database = await openDatabase({ databaseUrl: url });
    const other = memoryMailer();
    const second = await buildApp(t.config, { database, databaseUrl: url, mailer: other.mailer });
    try {
      await second.ready();
      await t.app.outbox.stop(); // only the second server sends
      await enqueueMails(t.db, [{ to: 'someone@example.com', subject: 'Heard elsewhere', text: 'Hi' }]);
      await vi.waitFor(() => expect(other.sent.map((m) => m.subject)).toContain('Heard elsewhere'), {
        timeout: 5_000,
        interval: 20,
      });
      expect(subjects()).not.toContain('Heard elsewhere');
    } finally {
      await second.close();
      await database.close();
    }
  });
});
