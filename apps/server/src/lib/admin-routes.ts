import {
  ADMIN_ERRORS,
  errorsFor,
  idParams,
  ifMatchHeaders,
  messageResponse,
  noContent,
  withDependantsQuery,
} from '@clean/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from './guard';

type ErrorStatus = Parameters<typeof errorsFor>[number];
type AdminError = (typeof ADMIN_ERRORS)[number];

/**
 * The options of an owner-only route: the admin guard, its request schemas, its success answer(s) and the
 * errors every owner-only route may give (bad input, no session, not the owner) plus `errors`. The Manage
 * lists share one contract, so their routes are declared with the builders below rather than spelled out.
 */
export const admin = <Request extends object, Ok extends object, S extends ErrorStatus = never>(
  request: Request,
  ok: Ok,
  ...errors: S[]
) => ({
  onRequest: requireAdmin,
  schema: { ...request, response: { ...ok, ...errorsFor<AdminError | S>(...ADMIN_ERRORS, ...errors) } },
});

/** A Manage list: its search (and `page`, `limit`) in, one page of items out, the total in X-Total-Count. */
export const adminList = <Q extends z.ZodType, T extends z.ZodType>(querystring: Q, item: T) =>
  admin({ querystring }, { 200: z.array(item) });

export const adminCreate = <B extends z.ZodType, T extends z.ZodType>(body: B, item: T) =>
  admin({ body }, { 201: item });

/** Changes the record named by `:id`; 404 when there is none. */
export const adminUpdate = <B extends z.ZodType, T extends z.ZodType>(body: B, item: T) =>
  admin({ params: idParams, body }, { 200: item }, 404);

/** Deletes the record named by `:id`, answering 204; 404 when there is none. */
export const adminDelete = admin({ params: idParams }, { 204: noContent }, 404);

/** `adminUpdate` of a versioned record: If-Match, and 412 when its version is no longer current. */
export const adminVersionedUpdate = <B extends z.ZodType, T extends z.ZodType>(body: B, item: T) =>
  admin({ params: idParams, headers: ifMatchHeaders, body }, { 200: item }, 404, 412);

/** `adminDeleteWithDependants` of a versioned record (If-Match, 412). */
export const adminVersionedDelete = admin(
  { params: idParams, headers: ifMatchHeaders, querystring: withDependantsQuery },
  { 204: noContent },
  404,
  409,
  412,
);

/** `adminDelete` of a versioned record (If-Match, 412). */
export const adminVersionedPlainDelete = admin(
  { params: idParams, headers: ifMatchHeaders },
  { 204: noContent },
  404,
  412,
);

/** Deletes a record that others may depend on: 409 unless `?with_dependants=true` (then they go too). */
export const adminDeleteWithDependants = admin(
  { params: idParams, querystring: withDependantsQuery },
  { 204: noContent },
  404,
  409,
);

/** Deletes the record named by `:id`, answering a sentence for the owner (the original public-content forms). */
export const adminDeleteWithMessage = admin({ params: idParams }, { 200: messageResponse }, 404);

/** Answers 204 once `done` has finished (a delete). */
export async function sendNoContent(reply: FastifyReply, done: Promise<unknown>) {
  await done;
  return reply.status(204).send();
}
