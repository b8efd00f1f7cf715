import type { withDependantsQuery } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminCreate,
  adminDelete,
  adminDeleteWithDependants,
  adminList,
  adminUpdate,
  adminVersionedDelete,
  adminVersionedPlainDelete,
  adminVersionedUpdate,
  sendNoContent,
} from '../lib/admin-routes';
import { expectedVersion } from '../lib/if-match';
import { type ListPage, sendList } from '../lib/paging';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** `version`: the If-Match version of a versioned list (undefined: none, or `*`). */
type RemoveRun = (
  id: number,
  query: z.output<typeof withDependantsQuery>,
  version: string | undefined,
) => Promise<void>;

/**
 * One of the hub's Manage lists (inquiries, one-time cleanings, recurring schedules, paid records): the same
 * owner-only routes over one path — list with search and paging, create, change by id, delete by id — each a
 * schema paired with its service call. `item` is what every route answers a record as.
 */
export type ManagedList<
  T extends z.ZodType,
  Q extends z.ZodType,
  I extends z.ZodType,
  P extends z.ZodType,
> = {
  list: [query: Q, run: (query: z.output<Q>) => Promise<ListPage<z.output<T>>>];
  /** Absent where records are created elsewhere (inquiries: the booking form's own route). */
  create?: [body: I, run: (body: z.output<I>) => Promise<z.output<T>>];
  update: [
    body: P,
    run: (id: number, body: z.output<P>, version: string | undefined) => Promise<z.output<T>>,
  ];
  /** Its records carry `version`: change and delete take If-Match and answer 412 on a stale one (docs/api.md). */
  versioned?: true;
} & (
  | { remove: RemoveRun; removeWithDependants?: never }
  /** Other records refer to these: a delete is refused (409) unless `?with_dependants=true`. */
  | { removeWithDependants: RemoveRun; remove?: never }
);

/**
 * Registers a Manage list's routes. The schemas are generic here, which the type provider cannot see through:
 * the routes see them as plain schemas (any value), and the ManagedList signature types the service calls,
 * checked where each list is declared.
 */
export function manageRoutes<
  T extends z.ZodType,
  Q extends z.ZodType,
  I extends z.ZodType,
  P extends z.ZodType,
>(
  app: App,
  path: string,
  item: T,
  { list, create, update, remove, removeWithDependants, versioned }: ManagedList<T, Q, I, P>,
) {
  const record: z.ZodType = item;
  const [query, listRun] = list;
  app.get(path, adminList(query as z.ZodType, record), async (request, reply) =>
    sendList(reply, await listRun(request.query as z.output<Q>)),
  );
  if (create) {
    const [body, run] = create;
    app.post(path, adminCreate(body as z.ZodType, record), async (request, reply) =>
      reply.status(201).send(await run(request.body as z.output<I>)),
    );
  }
  const [patch, updateRun] = update;
  const updateOptions = versioned ? adminVersionedUpdate : adminUpdate;
  app.patch(`${path}/:id`, updateOptions(patch as z.ZodType, record), async (request) =>
    updateRun(request.params.id, request.body as z.output<P>, expectedVersion(request)),
  );
  if (removeWithDependants)
    app.delete(
      `${path}/:id`,
      versioned ? adminVersionedDelete : adminDeleteWithDependants,
      async (request, reply) =>
        sendNoContent(
          reply,
          removeWithDependants(request.params.id, request.query, expectedVersion(request)),
        ),
    );
  if (remove)
    app.delete(`${path}/:id`, versioned ? adminVersionedPlainDelete : adminDelete, async (request, reply) =>
      sendNoContent(reply, remove(request.params.id, { with_dependants: false }, expectedVersion(request))),
    );
}
