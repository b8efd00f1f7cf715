import { COUNT_CAP, type PageQuery, TOTAL_COUNT_HEADER, TOTAL_MORE_HEADER } from '@clean/shared';
import { type SQL, sql, type Table } from 'drizzle-orm';
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

/** How many of a list's newest rows `pageFromNewest` reads before leaving a search to the indexes. */
export const NEWEST_WINDOW = 2000;

/**
 * The ids of one page of `table`'s rows matching `match`, newest first by `order`, when that page lies within the
 * newest NEWEST_WINDOW rows; otherwise undefined (the caller then runs its usual query). Made for a search whose
 * text is common: a surname held by 1 customer in 60 matches 11,000 of ten years' paid records, which the usual
 * query (from the name's trigram index) finds and sorts all of, 55 ms, while walking the newest rows finds a
 * page in a few dozen, 3 ms. A rare name walks the window in vain (a few ms) and its usual query is quick.
 * `match` is evaluated row by row: write a condition on another table as a scalar subquery, which PostgreSQL
 * cannot turn back into the join it would plan from its (far too low) estimate of the matches.
 */
export async function pageFromNewest(
  db: Db,
  {
    table,
    order,
    match,
    page,
  }: { table: Table; order: SQL; match: SQL; page: { limit: number; offset: number } },
): Promise<number[] | undefined> {
  // The window takes the table's own name, so the columns in `order` and `match` read it.
  const result = (await db.execute(sql`
    select ${table}.id from (select * from ${table} order by ${order} limit ${NEWEST_WINDOW}) as ${table}
     where ${match} order by ${order} limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.length === page.limit ? result.rows.map((row) => Number(row.id)) : undefined;
}

/** The headers of one page of a list (for answers built outside the handler, e.g. cached). */
export const listHeaders = (total: number) => ({ [TOTAL_COUNT_HEADER]: String(total) });

/** Sends one page of a list with the total in X-Total-Count (exposed for the browser), X-Total-More past the cap. */
export function sendList<T>(reply: FastifyReply, { items, total, more }: ListPage<T>) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  if (more) reply.header(TOTAL_MORE_HEADER, '1');
  return items;
}
