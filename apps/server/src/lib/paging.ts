import { type PageQuery, TOTAL_COUNT_HEADER } from '@clean/shared';
import type { FastifyReply } from 'fastify';

export const DEFAULT_PAGE_LIMIT = 20;

/** LIMIT/OFFSET for `?page=&limit=`, or null when the client asked for the whole list. */
export function paging(query: PageQuery): { limit: number; offset: number } | null {
  if (query.page === undefined && query.limit === undefined) return null;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/** The headers of one page of a list (for answers built outside the handler, e.g. cached). */
export const listHeaders = (total: number) => ({ [TOTAL_COUNT_HEADER]: String(total) });

/** Sends one page of a list with the total in X-Total-Count (exposed for the browser). */
export function sendList<T>(reply: FastifyReply, { items, total }: { items: T[]; total: number }) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}
