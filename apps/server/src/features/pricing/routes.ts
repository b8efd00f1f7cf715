import {
  errorsFor,
  pricingResponseSchema,
  pricingSchema,
  publicPricingSchema,
  quoteInput,
  taxedQuoteSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyone } from '../../lib/access';
import { admin } from '../../lib/admin-routes';
import { changesPublicContent } from '../../lib/public-cache';

/**
 * The owner's price table (GET public, PUT admin) and the instant quote (public):
 * docs/product.md#prices-and-the-quote.
 */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pricing } = app.services;

  app.get(
    '/api/pricing',
    {
      config: anyone,
      schema: {
        description:
          'The price table and the tax (from the billing settings). Before the owner sets a table it has no packages: nothing can be priced online.',
        response: { 200: publicPricingSchema, ...errorsFor() },
      },
    },
    (request, reply) =>
      app.publicCache.json(request, reply, async () => ({ value: { body: await pricing.current() } })),
  );

  app.put(
    '/api/pricing',
    {
      ...admin(
        {
          body: pricingSchema,
          description: 'Replaces the whole table; a package_id that names no package is a 400.',
        },
        { 200: pricingResponseSchema },
      ),
      ...changesPublicContent,
    },
    async (request) => pricing.replace(request.body),
  );

  app.get(
    '/api/quote',
    {
      config: anyone,
      schema: {
        description:
          'The estimate for these choices (extras: one parameter per key), its tax and the total. An unknown package or extra is a 400.',
        querystring: quoteInput,
        response: { 200: taxedQuoteSchema, ...errorsFor(400) },
      },
    },
    async (request) => pricing.quote(request.query),
  );
};
