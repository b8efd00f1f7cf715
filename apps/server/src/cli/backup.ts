import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock, DataDirError, readLiveLock } from '../db/lock';
import { gzippedDump, writeBackupFile } from '../features/backups/dump';
import { fetchDumpFrom } from '../features/backups/endpoint';
import { describeUrl, fileArgument, rowCount, runCommand } from './common';

/**
 * `npm run backup -- FILE`: one consistent backup of the installation that DATA_DIR / DATABASE_URL name, running or
 * stopped. A running PGlite server owns its folder, so it is asked for the dump through its loopback endpoint.
 */
const file = fileArgument('Usage: npm run backup -- FILE');

await runCommand('Backup', async () => {
  const config = loadConfig();
  let from: string;
  let produce: ReturnType<typeof gzippedDump>;
  let done = async () => {};
  if (config.databaseUrl) {
    from = describeUrl(config.databaseUrl);
    // Read as it is: a backup never migrates the database it copies.
    const database = await openDatabase({ databaseUrl: config.databaseUrl, migrate: false });
    produce = gzippedDump(database);
    done = database.close;
  } else {
    from = `the data folder ${config.dataDir}`;
    const owner = readLiveLock(config.dataDir);
    if (owner?.backupPort) {
      from += ` (running server, PID ${owner.pid})`;
      produce = fetchDumpFrom(owner);
    } else if (owner) {
      throw new DataDirError(
        `The data folder ${config.dataDir} is in use by a process (PID ${owner.pid}) that offers no backup (a server still starting, or a restore); try again in a moment.`,
      );
    } else {
      if (!existsSync(path.join(config.dataDir, 'db'))) {
        throw new DataDirError(`There is no database in ${config.dataDir} to back up (check DATA_DIR).`);
      }
      // Stopped: hold the folder so no server starts in the middle, and read the database directly.
      const lock = acquireDataDirLock(config.dataDir);
      const database = await openDatabase({
        dataDir: config.dataDir,
        migrate: false,
        sharedBuffersMb: config.pgliteSharedBuffersMb,
      });
      produce = gzippedDump(database);
      done = async () => {
        await database.close();
        lock.release();
      };
    }
  }
  try {
    const header = await writeBackupFile(file, produce);
    const size = statSync(file).size;
    return `Backed up ${rowCount(header.tables)} rows in ${header.tables.length} tables from ${from} to ${file} (${Math.ceil(size / 1024)} KB).`;
  } finally {
    await done();
  }
});
