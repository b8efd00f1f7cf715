import {
  createdReviewSchema,
  errorsFor,
  idParams,
  pageQuery,
  reviewInput,
  reviewSchema,
} from '@clean/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyone } from '../../lib/access';
import { admin, adminDeleteWithMessage, adminList, adminUpdate } from '../../lib/admin-routes';
import { isOwner, optionalUser } from '../../lib/guard';
import { listHeaders, sendList } from '../../lib/paging';
import { changesPublicContent } from '../../lib/public-cache';

/**
 * Reviews: public list and pending submission; moderation (admin). Visitors' reviews start pending
 * (docs/product.md#privacy-and-access).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews } = app.services;

  app.get(
    '/api/reviews',
    {
      config: anyone,
      schema: { response: { 200: z.array(reviewSchema), ...errorsFor(400) }, querystring: pageQuery },
    },
    (request, reply) =>
      app.publicCache.json(request, reply, async () => {
        const { items, total } = await reviews.list('approved', request.query);
        return { value: { body: items, headers: listHeaders(total) } };
      }),
  );

  app.post(
    '/api/reviews',
    {
      // One budget with booking requests and the page forms (lib/public-write-limit.ts); the owner's own not counted.
      onRequest: [optionalUser, app.publicWriteLimit],
      // The owner's own review is published at once; a visitor's waits for approval, unseen by the public pages.
      config: { publicContent: (request: FastifyRequest) => isOwner(request.user) },
      schema: { response: { 201: createdReviewSchema, ...errorsFor(400, 401, 429) }, body: reviewInput },
    },
    async (request, reply) => reply.status(201).send(await reviews.create(request.user, request.body)),
  );

  app.get('/api/reviews/pending', adminList(pageQuery, reviewSchema), async (request, reply) =>
    sendList(reply, await reviews.list('pending', request.query)),
  );

  // The original public form edits with PUT, the hub's pending list with PATCH: same full body, same effect.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/reviews/:id',
      ...adminUpdate(reviewInput, reviewSchema),
      ...changesPublicContent,
      handler: async (request) => reviews.update(request.params.id, request.body),
    });
  }

  app.patch(
    '/api/reviews/:id/approve',
    { ...admin({ params: idParams }, { 200: reviewSchema }, 404), ...changesPublicContent },
    async (request) => reviews.approve(request.params.id),
  );

  app.delete('/api/reviews/:id', { ...adminDeleteWithMessage, ...changesPublicContent }, async (request) =>
    reviews.remove(request.params.id),
  );
};
