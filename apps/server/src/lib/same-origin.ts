import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from './errors';

export const CROSS_SITE =
  'This form can only be sent from its own page: please open your link and try again.';

/**
 * Refuses (403) a form post another site's page made: `Sec-Fetch-Site` present and not `same-origin`, or an
 * `Origin` that is neither the public address's nor the host the request was sent to (the same page reached
 * through a proxy); `Origin: null` (a sandboxed frame, or a page under `Referrer-Policy: no-referrer`) is no
 * origin of ours, so a page whose forms post here sends `same-origin` instead. A post with neither header (curl,
 * an old browser) passes: a browser that sends no Origin on a cross-site post predates the attacks this stops,
 * and the link's secret token is still needed.
 */
export function refuseCrossSite(request: FastifyRequest, publicUrl: string): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw new ForbiddenError(CROSS_SITE);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (origin === new URL(publicUrl).origin) return;
  if (URL.canParse(origin) && new URL(origin).host === request.host) return;
  throw new ForbiddenError(CROSS_SITE);
}
