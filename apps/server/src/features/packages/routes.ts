import { errorsFor, packageInput, packageSchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyone } from '../../lib/access';
import { adminCreate, adminDeleteWithMessage, adminUpdate } from '../../lib/admin-routes';
import { NotFoundError } from '../../lib/errors';
import { changesPublicContent } from '../../lib/public-cache';

const NOT_FOUND = 'There is no package with that id.';

/** Packages: GET /api/packages; POST, PUT, DELETE (admin). */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.services.packages;

  app.get(
    '/api/packages',
    { config: anyone, schema: { response: { 200: z.array(packageSchema), ...errorsFor() } } },
    (request, reply) =>
      app.publicCache.json(request, reply, async () => ({ value: { body: await store.list() } })),
  );

  app.post(
    '/api/packages',
    { ...adminCreate(packageInput, packageSchema), ...changesPublicContent },
    async (request, reply) => reply.status(201).send(await store.create(request.body)),
  );

  app.put(
    '/api/packages/:id',
    { ...adminUpdate(packageInput, packageSchema), ...changesPublicContent },
    async (request) => {
      const updated = await store.update(request.params.id, request.body);
      if (!updated) throw new NotFoundError(NOT_FOUND);
      return updated;
    },
  );

  app.delete('/api/packages/:id', { ...adminDeleteWithMessage, ...changesPublicContent }, async (request) => {
    if (!(await store.remove(request.params.id))) throw new NotFoundError(NOT_FOUND);
    return { message: 'Package deleted.' };
  });
};
