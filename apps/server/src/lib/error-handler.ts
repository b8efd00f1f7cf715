import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DiskFullError } from '../db/disk-space';
import { causeOf, isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, statusOf, UnavailableError } from './errors';

type Issue = { instancePath: string; message?: string };

/** Turns a validation issue into a sentence that names the field. */
function describe(issue: Issue): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  if (!field) return message;
  const mentions = message.toLowerCase().includes(field.toLowerCase().replaceAll('_', ' '));
  return mentions || message.toLowerCase().includes(field.toLowerCase()) ? message : `${field}: ${message}`;
}

/** One error shape for the whole API: { error: "sentence" }, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext === 'querystring' ? 'query ' : '';
      return reply.status(400).send({ error: first ? `${where}${describe(first)}` : 'Invalid request.' });
    }
    if (err instanceof DomainError) {
      // A 503 is worth retrying soon, as for the database's own (below).
      if (err instanceof UnavailableError) reply.header('retry-after', '5');
      return reply.status(statusOf(err)).send({ error: err.message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? err.message : clientMessage(err);
      return reply.status(status).send({ error: message });
    }
    const diskFull = causeOf(err, DiskFullError);
    if (diskFull) {
      request.log.warn({ reqId: request.id, reason: diskFull.message }, 'write refused: disk nearly full');
      return reply.status(507).send({
        error:
          'The server is low on disk space, so changes cannot be saved right now. Please try again later.',
      });
    }
    if (err.code === 'FST_ERR_HANDLER_TIMEOUT' || isDatabaseUnavailable(err)) {
      // Not a bug: the database is stalled, gone or full. Say so, briefly, and let the client retry.
      request.log.warn({ reqId: request.id, reason: err.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    request.log.error({ err, reqId: request.id }, 'request failed');
    return reply.status(500).send({ error: `Something went wrong on our side (request ${request.id}).` });
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    default:
      return err.message || 'Bad request.';
  }
}
