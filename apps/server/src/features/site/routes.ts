import { errorsFor, siteConfigSchema } from '@clean/shared';
import type { FastifyPluginAsync } from 'fastify';

export const siteRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/site-config',
    { schema: { response: { 200: siteConfigSchema, ...errorsFor() } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.config.site;
    },
  );
};
