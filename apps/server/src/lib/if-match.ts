import type { FastifyRequest } from 'fastify';

/**
 * The version a change is conditional on: the quoted version of `If-Match` (checked by the route's
 * `ifMatchHeaders` schema), or undefined for none or `*` — the change goes ahead as it always did.
 */
export function expectedVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || header === '*') return undefined;
  return header.slice(1, -1);
}
