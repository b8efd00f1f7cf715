import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/**
 * The options @fastify/compress is registered with (app.ts), and that the precompressed cached answers are made
 * with: one source, so an answer from the cache is the same bytes the plugin would have sent. (Brotli quality 4
 * is the plugin's own default, written out so both sides read it here.)
 */
export const COMPRESSION = {
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};

/** The plugin's order of preference on Node 20 (no zstd there). */
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
export type Encoding = 'br' | 'gzip' | 'deflate';

/** The encoding @fastify/compress chooses for a JSON answer over the threshold; undefined: sent as it is. */
export function chooseEncoding(headers: IncomingHttpHeaders): Encoding | undefined {
  if (headers['x-no-compression'] !== undefined) return undefined;
  const header = headers['accept-encoding'];
  if (header == null) return undefined;
  // As the plugin does: `*` (no preference) and `x-gzip` count as gzip.
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
  return chosen === null || chosen === 'identity' ? undefined : (chosen as Encoding);
}

/** The same bytes the plugin's streams produce, made once (the cache keeps them with its entry). */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(body, COMPRESSION.brotliOptions);
  if (encoding === 'gzip') return zlib.gzipSync(body);
  return zlib.deflateSync(body);
}

/** The plugin's default test of a content type worth compressing (every type this server sends whole). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u;
/** Above this a body is left to the plugin's stream: compressing a long export at once would hold up every request. */
export const WHOLE_MAX = 256 * 1024;

/**
 * onSend, ahead of the plugin's: a body the server holds whole (JSON, a page, a CSV up to WHOLE_MAX) is compressed
 * in one piece and sent with its length, headers and body in one write. The plugin would pipe it through a stream,
 * headers first and the body on later ticks; a server killed in between cut an answer that HAProxy had already
 * begun to forward, too late for it to try another server (deploy/haproxy.cfg retries only before an answer).
 */
export const compressWhole: onSendHookHandler = (request, reply, payload, done) => {
  const encoding = wholeEncoding(request, reply, payload);
  if (!encoding) return done(null, payload);
  const body = compressBody(Buffer.from(payload as string | Buffer), encoding);
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding'))
    reply.header('vary', `${vary}, accept-encoding`);
  reply.header('content-encoding', encoding).header('content-length', body.length);
  done(null, body);
};

function wholeEncoding(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  const size = Buffer.byteLength(payload);
  if (size < COMPRESSION.threshold || size > WHOLE_MAX || reply.hasHeader('content-encoding'))
    return undefined;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return undefined;
  return chooseEncoding(request.headers);
}
