import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A budget of failures per client (a secret link's guesses), counted in the rate-limit store's table
 * (rate_limit_hits, lib/rate-limit-store.ts), so every server on one PostgreSQL shares it.
 * Unlike @fastify/rate-limit, only misses count: a customer opening their own page as often as they like spends
 * nothing, a client guessing tokens is refused after `max` misses until the window ends.
 */
export function missLimiter(db: Db, options: { name: string; max: number; windowMs: number }) {
  const key = (client: string) => `misses ${options.name} ${client}`;
  return {
    /** Seconds until `client` may try again, or null while it has misses left. */
    async refusedFor(client: string): Promise<number | null> {
      const result = (await db.execute(sql`
        select hits, greatest(1, ceil(extract(epoch from reset_at - now())))::int as wait
          from rate_limit_hits where key = ${key(client)} and reset_at > now()`)) as unknown as {
        rows: { hits: number; wait: number }[];
      };
      const row = result.rows[0];
      return row && Number(row.hits) >= options.max ? Number(row.wait) : null;
    },
    /**
     * Counts one miss of `client` (a new window when the last has ended) and answers whether it was within the
     * budget. Counting and deciding are one statement on the row's lock: of any number of misses sent at once,
     * exactly `max` are within it (a read before the count would let every one of them through).
     */
    async miss(client: string): Promise<boolean> {
      const result = (await db.execute(sql`
        insert into rate_limit_hits as r (key, hits, reset_at)
        values (${key(client)}, 1, now() + ${options.windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits`)) as unknown as { rows: { hits: number }[] };
      return Number(result.rows[0]?.hits) <= options.max;
    },
  };
}
