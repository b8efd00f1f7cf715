import { errorsFor, siteConfigSchema, siteSettingsInput } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyone } from '../../lib/access';
import { admin } from '../../lib/admin-routes';
import { changesPublicContent } from '../../lib/public-cache';
import { siteStore } from './store';

/** The business facts: GET /api/site-config (public), PUT /api/site-config (admin: the owner's edits). */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = siteStore(app.database.db, app.config.site);

  // Cached with the other public reads (an ETag, revalidated on each use): a save empties that cache on every
  // server, so a visitor never sees yesterday's phone number.
  app.get(
    '/api/site-config',
    { config: anyone, schema: { response: { 200: siteConfigSchema, ...errorsFor() } } },
    (request, reply) =>
      app.publicCache.json(request, reply, async () => ({ value: { body: await store.current() } })),
  );

  app.put(
    '/api/site-config',
    { ...admin({ body: siteSettingsInput }, { 200: siteConfigSchema }), ...changesPublicContent },
    async (request) => {
      await store.update(request.body);
      return store.current();
    },
  );
};
