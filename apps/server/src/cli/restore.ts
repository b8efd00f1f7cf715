import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { openBackup } from '../features/backups/format';
import { restoreBackup } from '../features/backups/restore';
import { describeUrl, fileArgument, rowCount, runCommand } from './common';

/**
 * `npm run restore -- FILE`: restores a backup into the empty installation that DATA_DIR / DATABASE_URL name, and
 * refuses one that holds any row. Backups are database-neutral: one made on PGlite restores into PostgreSQL.
 */
const file = fileArgument('Usage: npm run restore -- FILE');

await runCommand('Restore', async () => {
  const config = loadConfig();
  // A missing or foreign file is refused before the target is opened (opening PGlite creates its folder).
  (await openBackup(file)).close();
  if (config.databaseUrl) {
    const target = describeUrl(config.databaseUrl);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, migrate: false });
    try {
      const header = await restoreBackup(database, file, target);
      return `Restored ${rowCount(header.tables)} rows in ${header.tables.length} tables from ${file} into ${target}.`;
    } finally {
      await database.close();
    }
  }
  const target = `the data folder ${config.dataDir}`;
  // Held for the whole restore: no server may start on a half-restored folder.
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const database = await openDatabase({
      dataDir: config.dataDir,
      migrate: false,
      sharedBuffersMb: config.pgliteSharedBuffersMb,
    });
    try {
      const header = await restoreBackup(database, file, target);
      return `Restored ${rowCount(header.tables)} rows in ${header.tables.length} tables from ${file} into ${target}.`;
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
});
