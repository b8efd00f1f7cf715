import { inquiryPatch, inquiryQuery, inquirySchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDeleteWithDependants, adminList, adminUpdate, sendNoContent } from '../../lib/admin-routes';
import { sendList } from '../../lib/paging';
import { inquiriesServiceFor } from './service';

/** Inquiries administration: list, edit, status, delete (admin only, DESIGN §5). */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const inquiries = inquiriesServiceFor(app);

  app.get('/api/inquiries', adminList(inquiryQuery, inquirySchema), async (request, reply) =>
    sendList(reply, await inquiries.list(request.query)),
  );

  app.patch('/api/inquiries/:id', adminUpdate(inquiryPatch, inquirySchema), async (request) =>
    inquiries.update(request.params.id, request.body),
  );

  app.delete('/api/inquiries/:id', adminDeleteWithDependants, async (request, reply) =>
    sendNoContent(reply, inquiries.remove(request.params.id, request.query)),
  );
};
