import { idParams, noContent } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin, sendNoContent } from '../../lib/admin-routes';

/** The owner's side of the customers' personal links: revoking one. */
export const customerLinkAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = app.services.customerLink;

  app.delete(
    '/api/inquiries/:id/link',
    admin(
      {
        params: idParams,
        description:
          "Revokes the customer's personal link (/visit/{token}): it answers 410 from now on. The next " +
          'confirmation mailed to this customer issues a new one. 204 also when there was no live link; 404 for ' +
          'an unknown inquiry.',
      },
      { 204: noContent },
      404,
    ),
    async (request, reply) => sendNoContent(reply, links.revoke(request.params.id)),
  );
};
