import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

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
