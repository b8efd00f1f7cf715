import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { type JsonReply, type PublicCache, replyFor } from './public-cache';

type FastPathParts = {
  cache: PublicCache;
  /** lib/security.ts: the headers every answer to this URL gets. */
  securityHeaders: (url: string) => Record<string, string>;
  /** lib/shutdown.ts: while closing, every request goes to Fastify, whose hook answers 503. */
  isClosing: () => boolean;
  /** The app's root logger, with the app's serializers. */
  log: FastifyBaseLogger;
  nextRequestId: () => string;
};

/** The log levels at which a completed request is logged (it is logged at info). */
const LOGS_INFO = new Set(['trace', 'debug', 'info']);

/** Fastify's options the factory receives (the resolved defaults, as Fastify's own factory uses them). */
type ServerOptions = {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
};

/**
 * The app's HTTP server (Fastify's `serverFactory`): a cached public JSON read is answered before Fastify
 * routes it, without request and reply objects, a child logger, the handler timer and the hooks, which for a
 * URL already in the cache would all just agree (it was cached by its route after they passed). Anything else,
 * and everything while the app closes, goes to Fastify. The answer is the route's own (`replyFor` in
 * public-cache.ts) with the security headers of lib/security.ts, and the request gets Fastify's one log line.
 * `app.inject()` does not come here: the tests drive this over real HTTP.
 */
export function fastPathServer() {
  let parts: FastPathParts | undefined;
  /** Per way of sending an entry, the complete header list, built once (the URL, hence the set, is fixed). */
  const rawHeaders = new WeakMap<JsonReply, string[]>();

  function answer(req: IncomingMessage, res: ServerResponse, p: FastPathParts): boolean {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || p.isClosing()) return false;
    const cached = p.cache.lookupJson(url);
    if (cached === undefined) return false;
    const reply = replyFor(cached, req);
    let headers = rawHeaders.get(reply);
    if (headers === undefined) {
      headers = Object.entries({ ...p.securityHeaders(url), ...reply.headers }).flat();
      rawHeaders.set(reply, headers);
    }
    if (LOGS_INFO.has(p.log.level)) logWhenFinished(req, res, reply.status, p);
    res.writeHead(reply.status, headers);
    res.end(reply.body); // Node sends no body for HEAD or 304
    return true;
  }

  const serverFactory: FastifyServerFactory<http.Server> = (handler, factoryOptions) => {
    const options = factoryOptions as ServerOptions;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (parts === undefined || !answer(req, res, parts)) handler(req, res);
    });
    // What Fastify's own factory sets (fastify/lib/server.js).
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** Starts answering from the cache (until then, and without it, every request goes to Fastify). */
    enable(given: FastPathParts) {
      parts = given;
    },
  };
}

/** The line OneLineRequestLog (lib/logging.ts) writes for a request, through the same serializers. */
function logWhenFinished(req: IncomingMessage, res: ServerResponse, statusCode: number, p: FastPathParts) {
  const reqId = p.nextRequestId();
  const started = performance.now();
  res.once('finish', () => {
    // Shaped as the FastifyRequest the `req` serializer reads.
    const request = {
      method: req.method,
      url: req.url,
      host: req.headers.host,
      ip: req.socket.remoteAddress,
      socket: req.socket,
    };
    p.log.info(
      { reqId, req: request, res: { statusCode }, responseTime: performance.now() - started },
      'request completed',
    );
  });
}
