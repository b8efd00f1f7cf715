import type { FastifyInstance } from 'fastify';

/**
 * JSON answers that set no cache policy of their own (the owner's lists, the session, the calendar address, every
 * error) are `no-store`: a browser or proxy must not keep personal data or a token. The public reads set theirs.
 */
export function noStoreByDefault(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('cache-control') && type.startsWith('application/json'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
