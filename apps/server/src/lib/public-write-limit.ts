import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isOwner } from './guard';

export type PublicWriteLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of every public create route: the one budget they share (lib/public-write-limit.ts). */
    publicWriteLimit: PublicWriteLimit;
  }
}

/**
 * The one budget of public writes, RATE_LIMIT_PUBLIC_WRITE a minute per client, shared by booking requests and
 * reviews whether the page's script posts them as JSON or a page without script posts its form
 * (features/pages/forms.ts): the README promises one budget, and separate counters gave a flooder four.
 *
 * One limiter made once, so one counter: a route's own `config.rateLimit` gets a counter of its own whatever its
 * groupId (the in-memory store makes one per route). The shared PostgreSQL store names the counter after the
 * groupId. Add it after optionalUser where a route has it: the owner's own posts (phone leads, reviews entered
 * for a customer) are not counted.
 */
export function registerPublicWriteLimit(app: FastifyInstance) {
  const limit = app.rateLimit({
    max: app.config.rateLimits.publicWrite,
    timeWindow: '1 minute',
    groupId: 'public-write',
    allowList: (request) => isOwner(request.user),
  }) as unknown as PublicWriteLimit;
  app.decorate('publicWriteLimit', limit);
}
