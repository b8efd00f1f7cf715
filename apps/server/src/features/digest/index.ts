import type { FastifyInstance } from 'fastify';
import { scheduleDailyDigest } from './daily';

/** The owner's daily digest (DIGEST_TIME); call before listen. It stops before the database closes. */
export function startDailyDigest(app: FastifyInstance) {
  const digest = scheduleDailyDigest({
    db: app.database.db,
    config: app.config,
    time: app.config.digestTime,
    log: app.log,
  });
  app.addHook('preClose', async () => {
    await digest?.stop();
  });
}
