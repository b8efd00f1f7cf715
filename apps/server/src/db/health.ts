import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Runs `SELECT 1` with a deadline: a stalled or lost database answers false within `timeoutMs`, never hangs. */
export async function pingDatabase(database: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = database.db.execute(sql`SELECT 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
