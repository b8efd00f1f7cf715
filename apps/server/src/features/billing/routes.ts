import { billingSettingsResponseSchema, billingSettingsSchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin } from '../../lib/admin-routes';
import { changesPublicContent } from '../../lib/public-cache';
import { billingStore } from './store';

/** The owner's billing settings (docs/product.md#getting-paid): tax, terms, how to pay, reminders. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = billingStore(app.database.db);

  app.get(
    '/api/billing',
    admin(
      { description: 'The billing settings; the defaults until the owner saves some.' },
      {
        200: billingSettingsResponseSchema,
      },
    ),
    () => store.get(),
  );

  app.put(
    '/api/billing',
    {
      ...admin(
        {
          body: billingSettingsSchema,
          description: 'Replaces the whole document; a bad field is a 400 naming it, and nothing is stored.',
        },
        { 200: billingSettingsResponseSchema },
      ),
      // The quote shows the tax: a new rate or label must reach the public pages at once.
      ...changesPublicContent,
    },
    async (request) => {
      await store.set(request.body);
      return store.get();
    },
  );
};
