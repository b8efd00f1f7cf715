import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { enqueueMails } from '../../src/lib/outbox';
import { memoryMailer, useTestApp } from '../support/harness';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const slowPoll = { pollMs: 600_000, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 3 };
const t = useTestApp({ outbox: slowPoll });

describe('a queued message wakes the other servers too', () => {
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
      expect(t.sent).toHaveLength(0);
    } finally {
      await second.close();
      await database.close();
    }
  });
});
