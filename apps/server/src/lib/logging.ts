import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Query strings can carry secrets (the reset link's `?token=`) and personal data (a search for a customer's
 * name), and logs are read by more people than the admin account: keep each parameter's name, never its value.
 */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = new URLSearchParams(url.slice(at + 1)).keys();
  const redacted = [...names].map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&');
  return `${url.slice(0, at)}?${redacted}`;
}

/**
 * The calendar feed's address is its secret (`/api/calendar/<secret>.ics`): whatever follows `calendar/` in a
 * path is dropped from the log, on every status — a trailing slash, a doubled slash or another case reaches a 404
 * or the web app's page, not the feed's route, and would log the whole URL.
 */
const SECRET_PATH = /(\/calendar\/+)[^?]+/i;
/**
 * A customer's personal link (`/visit/<token>`, and its form posts below it) is a secret too: the token segment is
 * dropped, what follows it (the visit and the action) kept.
 */
const LINK_PATH = /(\/visit\/+)[^/?]+/i;

/** A URL fit for the log: secret path segments and every query value redacted. */
export function redactUrl(url: string): string {
  return redactQuery(url.replace(SECRET_PATH, '$1[redacted]').replace(LINK_PATH, '$1[redacted]'));
}

/**
 * Fastify's request serializer with the URL redacted (redactUrl). Bodies and headers (where passwords and the
 * reset token travel) are never logged.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * One log line a request, written when it ends (method, URL, status, time), instead of Fastify's two (one on
 * arrival, one at the end): half the logging work on every request, with nothing lost that the first said.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
