import { inquiryPatch, inquiryQuery, inquirySchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageRoutes } from '../manage-routes';

/** Inquiries administration: list, edit, status, delete (admin only, docs/product.md#privacy-and-access). */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inquiries } = app.services;
  manageRoutes(app, '/api/inquiries', inquirySchema, {
    list: [inquiryQuery, inquiries.list],
    update: [inquiryPatch, inquiries.update],
    removeWithDependants: inquiries.remove,
    versioned: true,
  });
};
