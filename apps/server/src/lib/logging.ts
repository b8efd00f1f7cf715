import type { FastifyRequest } from 'fastify';

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
 * Fastify's request serializer with the query redacted. Bodies and headers (where passwords and the
 * reset token travel) are never logged.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
