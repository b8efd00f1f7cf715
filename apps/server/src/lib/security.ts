import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { DOCS_PREFIX } from './openapi';

const origin = (url: string) => new URL(url).origin;

/**
 * Security headers; the CSP allows exactly what the site embeds (map iframe, https images, work-request embed).
 * Returns the headers an answer to a URL gets, for the server's fast path (lib/fast-path.ts).
 */
export function registerSecurity(
  app: FastifyInstance,
  config: Config,
): (url: string) => Record<string, string> {
  const embed = config.site.workRequest;
  const embedOrigins = embed ? [...new Set([origin(embed.scriptUrl), origin(embed.stylesheetUrl)])] : [];
  const headers = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...embedOrigins],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Carousel and select libraries set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'", ...embedOrigins],
        scriptSrc: ["'self'", ...embedOrigins],
        connectSrc: ["'self'", ...embedOrigins],
        frameSrc: ['https://www.google.com', 'https://maps.google.com', ...embedOrigins],
      },
    },
    // The page embeds third-party frames and images; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
  // The same headers on every answer, set in one go: running helmet per request cost the public JSON reads
  // more than half their throughput (npm run bench).
  const headersFor = (url: string) => (isApiAnswer(url) ? API_HEADERS : headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
  return headersFor;
}

/**
 * A JSON (or CSV) answer is never rendered as a page, so it gets the short, stricter set of OWASP's REST
 * Security Cheat Sheet instead of the page policy: nothing may load or frame it. The page set is about 900
 * bytes on every answer, and cost the public JSON reads a quarter of their throughput (npm run bench).
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Everything under /api/ except the interactive API docs, which are a page. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

/** The headers helmet would set, computed once (none of ours depends on the request: no nonces). */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}
