import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';

/** What a loader hands the cache: the value, and optionally the instant it stops being true (clock-computed data). */
export type Loaded<T> = { value: T; expiresAt?: number };

type Entry = { value: unknown; expiresAt: number };
/** A cached public JSON read, ready to send. */
type JsonAnswer = {
  body: string;
  etag: string;
  headers: Record<string, string>;
  cacheControl: string;
  expiresAt?: number;
};

function sendJson(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer) {
  reply.headers(answer.headers).header('etag', answer.etag).header('cache-control', answer.cacheControl);
  // A clock-computed answer may be kept by the browser until it changes, not longer.
  if (answer.expiresAt !== undefined) reply.header('expires', new Date(answer.expiresAt).toUTCString());
  if (isFresh(request, answer.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** The channel other app servers on the same PostgreSQL hear "public data changed" on. */
const CHANNEL = 'clean_public_data';
/** Bounds the memory a crawler asking for many distinct query strings can take. */
const MAX_ENTRIES = 500;
/** While the LISTEN connection is down, how often to try again (the cache is bypassed meanwhile). */
const RECONNECT_MS = 500;

export const etagOf = (body: string | Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** True when the client's If-None-Match already names this ETag. */
export const isFresh = (request: FastifyRequest, etag: string) => {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}`);
};

/**
 * In-process cache of what the public pages show (JSON reads and server-rendered HTML).
 * Every write anywhere clears it (`invalidate`, called from one onSend hook for every non-GET request);
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

  async function get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    const hit = entries.get(key);
    if (hit && trusted && hit.expiresAt > Date.now()) return hit.value as T;
    const started = generation;
    const { value, expiresAt = Number.POSITIVE_INFINITY } = await load();
    // A write that landed while loading may not be in `value`: keep it only if nothing changed meanwhile.
    if (trusted && started === generation) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { value, expiresAt });
    }
    return value;
  }

  let listenUrl = '';
  async function listen() {
    const client = new pg.Client({ connectionString: listenUrl });
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
        const text = String(reply.serialize(loaded.value.body));
        const value = {
          body: text,
          etag: etagOf(text),
          headers: loaded.value.headers ?? {},
          cacheControl,
          expiresAt: loaded.expiresAt,
        };
        return { value, expiresAt: loaded.expiresAt };
      });
      return sendJson(request, reply, answer);
    },

    /**
     * The fast path for a public JSON read already in the cache: answered from an onRequest hook, before body
     * parsing, validation and the route's handler (which, for a URL in the cache, would all just agree).
     * Returns false when the route has to answer (not cached, not trusted, or expired).
     */
    answerFromCache(request: FastifyRequest, reply: FastifyReply): boolean {
      if (request.method !== 'GET' || !trusted) return false;
      const hit = entries.get(`json ${request.url}`);
      if (!hit || hit.expiresAt <= Date.now()) return false;
      sendJson(request, reply, hit.value as JsonAnswer);
      return true;
    },

    /** Something public may have changed: drop everything here and tell the other servers. */
    async invalidate() {
      clear();
      if (!notifyDb) return;
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
