import type { FastifyInstance } from 'fastify';
import { teamService } from './service';

/** The team service of this app: its database, links and clock. */
export const teamServiceFor = (app: FastifyInstance) =>
  teamService({ db: app.database.db, config: app.config, now: app.clock });
