import {
  checklistPut,
  checklistSchema,
  checklistTick,
  idParams,
  myChecklistItemParams,
  visitChecklistItemSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin } from '../../lib/admin-routes';
import { currentUser } from '../../lib/guard';
import { member } from '../../lib/member-routes';

/**
 * Checklists: the owner keeps a package's template and a home's own items (a visit's checklist is the first, then
 * the second); the cleaner assigned to a visit ticks them.
 */
export const checklistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checklists } = app.services;
  const owners = [
    ['packages', (id: number) => ({ packageId: id }), 'package’s template'],
    ['inquiries', (id: number) => ({ inquiryId: id }), 'home’s own items'],
  ] as const;

  for (const [path, owner, what] of owners) {
    app.get(
      `/api/${path}/:id/checklist`,
      admin({ params: idParams, description: `The ${what}, in order.` }, { 200: checklistSchema }, 404),
      async (request) => checklists.list(owner(request.params.id)),
    );
    app.put(
      `/api/${path}/:id/checklist`,
      admin(
        {
          params: idParams,
          body: checklistPut,
          description: `Replaces the ${what} (at most 30, labels of at most 120 characters, each once); an item whose label stays keeps its id and its ticks.`,
        },
        { 200: checklistSchema },
        404,
      ),
      async (request) => checklists.replace(owner(request.params.id), request.body.items),
    );
  }

  app.patch(
    '/api/my/visits/:key/checklist/:item_id',
    member(
      {
        params: myChecklistItemParams,
        body: checklistTick,
        description:
          'The assigned cleaner ticks ({done:true}) or unticks an item of their visit’s checklist; sent twice, it ' +
          'counts once. Another’s visit, no such visit or an item not on its checklist: 404. A required item of a ' +
          'visit already done cannot be unticked (409).',
      },
      { 200: visitChecklistItemSchema },
      404,
      409,
    ),
    async (request) => {
      const { key, item_id } = request.params;
      return checklists.tick(currentUser(request).id, key, item_id, request.body.done);
    },
  );
};
