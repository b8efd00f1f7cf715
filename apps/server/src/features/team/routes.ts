import {
  errorsFor,
  idParams,
  invitationAccept,
  messageResponse,
  noContent,
  teamListResponse,
  teamMemberChange,
  teamMemberCreate,
  teamMemberSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byLink } from '../../lib/access';
import { admin, sendNoContent } from '../../lib/admin-routes';

/**
 * The owner's team (docs/product.md#the-team): GET/POST /api/team, PATCH/DELETE /api/team/{id} (owner), and the
 * invitation's POST /api/team/invitations/accept, opened by the link's token alone.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ rateLimitMax: number }> = async (app, opts) => {
  const { team } = app.services;

  app.get('/api/team', admin({}, { 200: teamListResponse }), async () => team.list());

  app.post(
    '/api/team',
    admin({ body: teamMemberCreate }, { 201: teamMemberSchema }, 409),
    async (request, reply) => reply.status(201).send(await team.create(request.body)),
  );

  app.patch(
    '/api/team/:id',
    admin({ params: idParams, body: teamMemberChange }, { 200: teamMemberSchema }, 404, 409),
    async (request) => team.change(request.params.id, request.body),
  );

  app.delete('/api/team/:id', admin({ params: idParams }, { 204: noContent }, 404), (request, reply) =>
    sendNoContent(reply, team.remove(request.params.id)),
  );

  app.post(
    '/api/team/invitations/accept',
    {
      schema: {
        body: invitationAccept,
        response: { 200: messageResponse, ...errorsFor(400, 404, 409, 410, 429) },
      },
      // Guessing tokens is as limited as guessing passwords.
      config: { ...byLink, rateLimit: { max: opts.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request) => {
      await team.accept(request.body);
      return { message: 'Your password is set. Sign in at /signin with your e-mail address.' };
    },
  );
};
