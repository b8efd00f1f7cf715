import { onMyWaySchema, onMyWayStatusSchema, visitKeyParams } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin } from '../../lib/admin-routes';
import { currentUser } from '../../lib/guard';
import { member } from '../../lib/member-routes';

/** "On my way" to the customer (a team member, once a visit) and whether it went (the owner). */
export const onMyWayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { onMyWay } = app.services;

  app.post(
    '/api/my/visits/:key/on-my-way',
    member(
      {
        params: visitKeyParams,
        description:
          'Tells the customer you are on the way (a text when they take texts, else an e-mail; nothing when they ' +
          'turned reminders off), once per visit: a later tap sends nothing and answers `already_sent: true`. ' +
          'A visit done, skipped or cancelled is a 409.',
      },
      { 200: onMyWaySchema },
      404,
      409,
    ),
    async (request) => onMyWay.send(currentUser(request).id, request.params.key),
  );

  app.get(
    '/api/visits/:key/on-my-way',
    admin(
      {
        params: visitKeyParams,
        description: 'Whether "on my way" was sent for this visit: when, how and by whom.',
      },
      { 200: onMyWayStatusSchema },
    ),
    async (request) => onMyWay.status(request.params.key),
  );
};
