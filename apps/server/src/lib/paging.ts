import { COUNT_CAP, type PageQuery, TOTAL_COUNT_HEADER, TOTAL_MORE_HEADER } from '@clean/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';

export const DEFAULT_PAGE_LIMIT = 20;

/** One page of a list; `more`: there are more than `total` (COUNT_CAP) matches. */
export type ListPage<T> = { items: T[]; total: number; more?: boolean };

/** LIMIT/OFFSET for `?page=&limit=`, or null when the client asked for the whole list. */
export function paging(query: PageQuery): { limit: number; offset: number } | null {
  if (query.page === undefined && query.limit === undefined) return null;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * How many rows `matching` (a select of the matching rows, any columns) gives, counted up to COUNT_CAP: the
 * planner stops at the cap (a common search over millions of rows is found within its first thousands).
 */
export async function countUpTo(
  db: Db,
  matching: SQL | { getSQL(): SQL },
): Promise<{ total: number; more: boolean }> {
  const result = (await db.execute(
    sql`select count(*)::int as n from (${matching} limit ${COUNT_CAP + 1}) capped`,
  )) as unknown as { rows: { n: number }[] };
  const n = Number(result.rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, more: true } : { total: n, more: false };
}

/** The headers of one page of a list (for answers built outside the handler, e.g. cached). */
export const listHeaders = (total: number) => ({ [TOTAL_COUNT_HEADER]: String(total) });

/** Sends one page of a list with the total in X-Total-Count (exposed for the browser), X-Total-More past the cap. */
export function sendList<T>(reply: FastifyReply, { items, total, more }: ListPage<T>) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  if (more) reply.header(TOTAL_MORE_HEADER, '1');
  return items;
}
