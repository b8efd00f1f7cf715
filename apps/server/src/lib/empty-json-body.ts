import type { FastifyInstance } from 'fastify';

/**
 * Routes that take no body (DELETE, PATCH …/approve) accept a request that says
 * `Content-Type: application/json` and sends nothing, as many clients do; the original approve call has an
 * "empty body". Routes with a body schema still refuse an empty body as invalid JSON.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body); // parseAs: 'string'
    if (text === '' && !request.routeOptions.schema?.body) return done(null, undefined);
    parseJson(request, text, done);
  });
}
