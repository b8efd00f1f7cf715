import { createHash, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client';
import { COMPRESSION, chooseEncoding, compressBody, type Encoding } from './compression';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This write changes what the public pages show: once it has succeeded, the public cache is emptied (here and,
     * by NOTIFY, on the other servers). A function decides per request (the owner's own review is published at
     * once, a visitor's waits for approval). Writes without it never touch the cache.
     */
    publicContent?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** Route options of a write to public content (packages, gallery, reviews, the booking switch): see above. */
export const changesPublicContent = { config: { publicContent: true } } as const;

/**
 * Whether a finished write empties the public cache: only on a route that changes public content, and only when
 * it was not refused. A 4xx changed nothing (otherwise a stream of refused posts, which anyone can send, would
 * keep every page re-rendering); a 5xx may have committed before failing, so it counts as a change.
 */
export function changedPublicContent(request: FastifyRequest, status: number): boolean {
  if (status >= 400 && status < 500) return false;
  const marked = request.routeOptions.config?.publicContent;
  return typeof marked === 'function' ? marked(request) : marked === true;
}

/** What a loader hands the cache: the value, and optionally the instant it stops being true (clock-computed data). */
export type Loaded<T> = { value: T; expiresAt?: number };

type Entry = { value: unknown; expiresAt: number };

/** One way a cached JSON read is sent: status, headers (in sending order) and body (none for a 304). */
export type JsonReply = { status: 200 | 304; headers: Record<string, string>; body: Buffer | undefined };

/** A cached public JSON read, ready to send. */
export type JsonAnswer = {
  body: Buffer;
  etag: string;
  /** The answer's own headers: the route's (X-Total-Count), etag, cache-control, expires. */
  headers: Record<string, string>;
  /** Each way of sending it, made on first demand and kept: a compressed body is compressed once per entry. */
  replies: Map<'not-modified' | 'identity' | Encoding, JsonReply>;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * What a cached JSON read answers to a request's headers: a 304 when the client has it, else the body in the
 * encoding @fastify/compress would choose (under its threshold, as it is). The one definition both ways of
 * answering use: the route (through Fastify) and the server's fast path (lib/fast-path.ts).
 */
export function replyFor(answer: JsonAnswer, request: { headers: IncomingHttpHeaders }): JsonReply {
  const variant = isFresh(request, answer.etag)
    ? 'not-modified'
    : answer.body.length < COMPRESSION.threshold
      ? 'identity'
      : (chooseEncoding(request.headers) ?? 'identity');
  const known = answer.replies.get(variant);
  if (known) return known;
  let reply: JsonReply;
  if (variant === 'not-modified') {
    reply = { status: 304, headers: answer.headers, body: undefined };
  } else {
    const body = variant === 'identity' ? answer.body : compressBody(answer.body, variant);
    const encoded: Record<string, string> =
      variant === 'identity' ? {} : { vary: 'accept-encoding', 'content-encoding': variant };
    const headers = {
      ...answer.headers,
      'content-type': JSON_TYPE,
      ...encoded,
      'content-length': `${body.length}`,
    };
    reply = { status: 200, headers, body };
  }
  answer.replies.set(variant, reply);
  return reply;
}

function sendJson(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer) {
  const { status, headers, body } = replyFor(answer, request);
  // A compressed body carries its content-encoding, which @fastify/compress leaves as it is.
  return reply.status(status).headers(headers).send(body);
}

/** The channel other app servers on the same PostgreSQL hear "public data changed" on. */
const CHANNEL = 'clean_public_data';
/**
 * Bounds the memory a crawler asking for many distinct query strings can take (or the gallery's visits, each
 * with its own order): past it the least recently used entry goes, so the pages everyone reads stay.
 */
export const MAX_ENTRIES = 500;
/** While the LISTEN connection is down, how often to try again (the cache is bypassed meanwhile). */
const RECONNECT_MS = 500;

export const etagOf = (body: string | Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** True when the client's If-None-Match (of a FastifyRequest's or a raw request's headers) names this ETag. */
export const isFresh = (request: { headers: IncomingHttpHeaders }, etag: string) => {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}`);
};

/**
 * In-process cache of what the public pages show (JSON reads and server-rendered HTML).
 * A successful write to public content clears it (`invalidate`, called from one onSend hook, see `changedPublicContent`);
 * with PostgreSQL the clear is also sent with NOTIFY, and other app servers LISTEN for it. If this server's
 * LISTEN connection is down it serves nothing from the cache, so no server is ever stale for longer than the
 * notification takes to arrive.
 */
export function createPublicCache(log: FastifyBaseLogger) {
  const entries = new Map<string, Entry>();
  const instance = randomUUID();
  let generation = 0;
  let trusted = true;
  let notifyDb: Db | null = null;
  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  /** A fresh entry, marked as just used (a Map keeps insertion order: the first key is the least recent). */
  function fresh(key: string): Entry | undefined {
    const hit = entries.get(key);
    if (!hit || !trusted || hit.expiresAt <= Date.now()) return undefined;
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }

  async function get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    const hit = fresh(key);
    if (hit) return hit.value as T;
    const started = generation;
    const { value, expiresAt = Number.POSITIVE_INFINITY } = await load();
    // A write that landed while loading may not be in `value`: keep it only if nothing changed meanwhile.
    if (trusted && started === generation) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt });
    }
    return value;
  }

  let listenUrl = '';
  async function listen() {
    // Only a server on PostgreSQL listens: `pg` is loaded here, not at start (the embedded database needs none).
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString: listenUrl });
    const lost = (err?: unknown) => {
      if (listener !== client) return;
      listener = null;
      trusted = false;
      clear();
      client.end().catch(() => {});
      if (stopped) return;
      log.warn({ err }, 'public cache: lost the LISTEN connection, serving uncached until it is back');
      retry = setTimeout(() => listen().catch(() => {}), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.payload !== instance) clear();
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(err);
      throw err;
    }
    // Anything written while we were not listening is unknown: start empty.
    clear();
    trusted = true;
  }

  return {
    get,

    /** Answers a public JSON read from the cache, with an ETag and a 304 when the client has it. */
    async json(
      request: FastifyRequest,
      reply: FastifyReply,
      load: () => Promise<Loaded<{ body: unknown; headers?: Record<string, string> }>>,
      cacheControl = 'no-cache',
    ) {
      const answer = await get(`json ${request.url}`, async (): Promise<Loaded<JsonAnswer>> => {
        const loaded = await load();
        // The route's own serializer (compiled from its response schema for 200), so a cached answer carries
        // exactly the listed fields, as an uncached one does.
        const body = Buffer.from(String(reply.serialize(loaded.value.body)));
        const etag = etagOf(body);
        const headers = { ...loaded.value.headers, etag, 'cache-control': cacheControl };
        // A clock-computed answer may be kept by the browser until it changes, not longer.
        const expires: Record<string, string> =
          loaded.expiresAt === undefined ? {} : { expires: new Date(loaded.expiresAt).toUTCString() };
        const value = { body, etag, headers: { ...headers, ...expires }, replies: new Map() };
        return { value, expiresAt: loaded.expiresAt };
      });
      return sendJson(request, reply, answer);
    },

    /**
     * A public JSON read the cache holds for this URL (GET or HEAD), or undefined when the route has to answer
     * (not cached, expired, or the cache not trusted while LISTEN is down). Used by the server's fast path.
     */
    lookupJson(url: string): JsonAnswer | undefined {
      return fresh(`json ${url}`)?.value as JsonAnswer | undefined;
    },

    /** Something public may have changed: drop everything here and tell the other servers. */
    async invalidate({ announce = true }: { announce?: boolean } = {}) {
      clear();
      if (!notifyDb || !announce) return;
      try {
        await notifyDb.execute(sql`select pg_notify(${CHANNEL}, ${instance})`);
      } catch (err) {
        // The write's answer goes out regardless; with the database unreachable there is nothing to announce.
        log.error({ err }, 'public cache: could not notify the other servers');
      }
    },

    /** With PostgreSQL: hear other servers' writes (and announce ours). */
    async connect(db: Db, url: string) {
      notifyDb = db;
      listenUrl = url;
      trusted = false;
      await listen();
    },

    async close() {
      stopped = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },

    get size() {
      return entries.size;
    },
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
