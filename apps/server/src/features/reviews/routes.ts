import {
  ADMIN_ERRORS,
  ADMIN_USERNAME,
  createdReviewSchema,
  errorsFor,
  idParams,
  messageResponse,
  pageQuery,
  reviewInput,
  reviewSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { enqueueMails } from '../../lib/outbox';
import { paging, sendList } from '../../lib/paging';
import { optionalUser, requireAdmin } from '../auth/guard';
import { ownerAddress, pendingReviewMail } from '../notifications/mails';
import { reviewsStore } from './store';

export const PENDING_MESSAGE = 'Thank you! Your review will appear once approved.';
export const PUBLISHED_MESSAGE = 'Your review is published.';
const NOT_FOUND = 'There is no review with that id.';

/** Reviews: public list and pending submission; moderation (admin). DESIGN §5: visitors' reviews start pending. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = reviewsStore(app.database.db);
  const limited = { rateLimit: { max: app.config.rateLimits.publicWrite, timeWindow: '1 minute' } };

  app.get(
    '/api/reviews',
    { schema: { querystring: pageQuery, response: { 200: z.array(reviewSchema), ...errorsFor(400) } } },
    async (request, reply) => {
      const { items, total } = await store.list('approved', paging(request.query));
      return sendList(reply, items, total);
    },
  );

  app.post(
    '/api/reviews',
    {
      onRequest: optionalUser,
      schema: { body: reviewInput, response: { 201: createdReviewSchema, ...errorsFor(400, 401, 429) } },
      config: limited,
    },
    async (request, reply) => {
      // The owner's own review needs no moderation; anyone else's waits for approval.
      const byAdmin = request.user?.username === ADMIN_USERNAME;
      if (byAdmin) {
        const review = await store.create(request.body, 'approved');
        return reply.status(201).send({ ...review, message: PUBLISHED_MESSAGE });
      }
      const owner = await ownerAddress(app.database.db, app.config);
      // The review and the owner's mail about it commit together.
      const review = await app.database.db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const created = await reviewsStore(txDb).create(request.body, 'pending');
        if (owner) await enqueueMails(txDb, [pendingReviewMail(created, owner, app.config)]);
        return created;
      });
      app.outbox.kick();
      return reply.status(201).send({ ...review, message: PENDING_MESSAGE });
    },
  );

  app.get(
    '/api/reviews/pending',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: pageQuery,
        response: { 200: z.array(reviewSchema), ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { items, total } = await store.list('pending', paging(request.query));
      return sendList(reply, items, total);
    },
  );

  // The spec's public form edits with PUT, the hub's pending list with PATCH: same full body, same effect.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/reviews/:id',
      onRequest: requireAdmin,
      schema: {
        params: idParams,
        body: reviewInput,
        response: { 200: reviewSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
      },
      handler: async (request) => {
        const updated = await store.update(request.params.id, request.body);
        if (!updated) throw notFound(NOT_FOUND);
        return updated;
      },
    });
  }

  app.patch(
    '/api/reviews/:id/approve',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, response: { 200: reviewSchema, ...errorsFor(...ADMIN_ERRORS, 404) } },
    },
    async (request) => {
      const approved = await store.approve(request.params.id);
      if (!approved) throw notFound(NOT_FOUND);
      return approved;
    },
  );

  app.delete(
    '/api/reviews/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, response: { 200: messageResponse, ...errorsFor(...ADMIN_ERRORS, 404) } },
    },
    async (request) => {
      if (!(await store.remove(request.params.id))) throw notFound(NOT_FOUND);
      return { message: 'Review deleted.' };
    },
  );
};
