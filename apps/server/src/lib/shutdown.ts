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
    // Draining: still served, but the connection is not kept for another request, so none is idle (and about to
    // be reused by a proxy) when the server closes.
    if (app.draining && !closing) reply.header('connection', 'close');
    if (!closing) return done();
    reply.status(503).header('connection', 'close').header('retry-after', '5').send({ error: RESTARTING });
  });
  // While draining, cached reads go through Fastify too, which marks their connection for closing.
  return () => closing || app.draining;
}

/**
 * The graceful end for a load balancer (SIGTERM): /api/health fails at once (app.draining) while requests are
 * still served for `drainMs`, long enough for the balancer's health checks to take this server out; then the
 * app closes (stops accepting, finishes in-flight requests, closes the database). `now()` cuts the wait short.
 */
export function drainThenClose(app: FastifyInstance, drainMs: number) {
  app.draining = true;
  let skip: () => void = () => {};
  const waited = new Promise<void>((resolve) => {
    skip = resolve;
    setTimeout(resolve, drainMs).unref();
  });
  return { closed: waited.then(() => app.close()), now: () => skip() };
}
