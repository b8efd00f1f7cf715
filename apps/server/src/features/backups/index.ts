import type { FastifyInstance } from 'fastify';
import type { DataDirLock } from '../../db/lock';
import { startBackupEndpoint } from './endpoint';
import { scheduleNightlyBackups } from './nightly';

/**
 * The server's part in backups: the nightly job, and with PGlite (`lock` given: this process owns DATA_DIR) the
 * loopback endpoint `npm run backup` asks for a dump. Call before listen; both stop before the database closes.
 */
export async function startBackupServices(app: FastifyInstance, lock: DataDirLock | undefined) {
  const { config, database, log } = app;
  const nightly = scheduleNightlyBackups({
    database,
    dataDir: config.dataDir,
    keep: config.backups.keep,
    time: config.backups.time,
    timezone: config.timezone,
    log,
  });
  const endpoint = lock ? await startBackupEndpoint(database, lock.record.secret, log) : undefined;
  if (lock && endpoint) lock.update({ backupPort: endpoint.port });
  app.addHook('preClose', async () => {
    await endpoint?.close();
    await nightly?.stop();
  });
}
