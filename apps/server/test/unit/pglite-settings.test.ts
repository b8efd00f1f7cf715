import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHARED_BUFFERS_MB, openDatabase } from '../../src/db/client';

// One folder, opened twice: a new folder costs an initdb.
const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-pglite-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function sharedBuffers(sharedBuffersMb?: number): Promise<string> {
  const database = await openDatabase({ dataDir, sharedBuffersMb });
  try {
    const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    return String(result.rows[0]?.shared_buffers);
  } finally {
    await database.close();
  }
}

describe('the embedded database on disk', () => {
  it('starts PostgreSQL with the small page cache by default, and with the size asked for', async () => {
    expect(await sharedBuffers()).toBe(`${DEFAULT_SHARED_BUFFERS_MB}MB`);
    expect(await sharedBuffers(48)).toBe('48MB');
  }, 120_000);
});
