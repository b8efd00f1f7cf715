import {
  ADMIN_ERRORS,
  errorsFor,
  idParams,
  messageResponse,
  packageInput,
  packageSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { requireAdmin } from '../auth/guard';
import { packagesStore } from './store';

const NOT_FOUND = 'There is no package with that id.';

/** Packages: GET /api/packages; POST, PUT, DELETE (admin). */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = packagesStore(app.database.db);

  app.get(
    '/api/packages',
    { schema: { response: { 200: z.array(packageSchema), ...errorsFor() } } },
    (request, reply) =>
      app.publicCache.json(request, reply, async () => ({ value: { body: await store.list() } })),
  );

  app.post(
    '/api/packages',
    {
      onRequest: requireAdmin,
      schema: { response: { 201: packageSchema, ...errorsFor(...ADMIN_ERRORS) }, body: packageInput },
    },
    async (request, reply) => reply.status(201).send(await store.create(request.body)),
  );

  app.put(
    '/api/packages/:id',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: packageSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
        params: idParams,
        body: packageInput,
      },
    },
    async (request) => {
      const updated = await store.update(request.params.id, request.body);
      if (!updated) throw new NotFoundError(NOT_FOUND);
      return updated;
    },
  );

  app.delete(
    '/api/packages/:id',
    {
      onRequest: requireAdmin,
      schema: { response: { 200: messageResponse, ...errorsFor(...ADMIN_ERRORS, 404) }, params: idParams },
    },
    async (request) => {
      if (!(await store.remove(request.params.id))) throw new NotFoundError(NOT_FOUND);
      return { message: 'Package deleted.' };
    },
  );
};
