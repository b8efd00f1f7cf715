import type { FastifyInstance } from 'fastify';

const RESTARTING = 'The server is restarting. Please try again in a moment.';

/**
 * During a graceful shutdown, requests already running finish; a new one arriving on an open connection is
 * answered 503 in the API's own `{ "error" }` shape (Fastify's built-in 503 has a body of its own, so the app
 * builds it with `return503OnClosing: false`), with `Connection: close` so the client reconnects elsewhere.
 * Returns whether the app is closing, for the server's fast path (lib/fast-path.ts), which then leaves every
 * request to this hook.
 */
export function refuseWhileClosing(app: FastifyInstance): () => boolean {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style: every request passes here, and while running it costs no promise (npm run bench).
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.status(503).header('connection', 'close').header('retry-after', '5').send({ error: RESTARTING });
  });
  return () => closing;
}
