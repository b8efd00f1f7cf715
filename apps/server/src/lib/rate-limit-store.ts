import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { UnavailableError } from './errors';

type Counter = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counter) => void;
/** What the plugin really passes to child(): the route's merged limit options, the route itself as routeInfo. */
type RouteLimit = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };

const PRUNE_EVERY_MS = 60_000;
const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * A store for @fastify/rate-limit keeping the counters in PostgreSQL (table rate_limit_hits), so one client has one
 * budget whichever app server answers. One statement per request: insert the row, or count one more hit in the
 * current window, or start a new window when it has ended. Rows whose window ended a minute ago are deleted once a
 * minute. A failure is logged and handed to the plugin: the limited routes (sign-in, reset, public writes) answer
 * 503.
 */
export function postgresRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let pruned = Date.now();
  const prune = () => {
    pruned = Date.now();
    db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 minute'`).catch(
      (err: unknown) => log.warn({ err }, 'rate limits: pruning old counters failed'),
    );
  };

  class PostgresStore implements FastifyRateLimitStore {
    readonly prefix: string;
    /** The plugin constructs the root store with its options; children get their route's prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      if (Date.now() - pruned > PRUNE_EVERY_MS) prune();
      db.execute(sql`
        insert into rate_limit_hits as r (key, hits, reset_at)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`).then(
        (result) => {
          const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0];
          cb(null, { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        },
        (err: unknown) => {
          log.error({ err }, 'rate limits: the shared counter store failed (limited routes answer 503)');
          cb(new UnavailableError(UNAVAILABLE));
        },
      );
    }

    /**
     * One counter space per route, as the in-memory store has; a limiter made apart from any route (app.rateLimit,
     * shared by several routes: lib/public-write-limit.ts) is named by its groupId instead.
     */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): PostgresStore {
      const { routeInfo, groupId } = options as unknown as RouteLimit;
      if (!routeInfo?.url && groupId) return new PostgresStore(`group ${groupId} `);
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new PostgresStore(`${method} ${routeInfo?.url ?? ''} `);
    }
  }
  return PostgresStore;
}
