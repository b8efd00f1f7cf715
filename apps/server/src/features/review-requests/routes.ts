import type { SiteConfig } from '@clean/shared';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { byLink } from '../../lib/access';
import { html, plainPage } from '../../lib/plain-page';
import { REVIEW_OFF_PATH, reviewRequestTokensOf, turnReviewRequestsOff } from './service';

const tokenQuery = z.object({ token: z.string().max(100).optional() });

/**
 * The review request's opt-out link, as the reminders' one: GET shows one button (a mail scanner following links
 * turns nothing off), POST — or a mail program's one-click POST (List-Unsubscribe-Post) — stops review requests
 * for that customer. Plain HTML, no script, not indexed; a bad token is a 404 page.
 */
export const reviewRequestsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: 1024 });
  const tokens = reviewRequestTokensOf(app.config);

  const page = plainPage(app.services.siteFacts, 'Review requests');
  const notFound = (reply: FastifyReply) =>
    page(reply, 404, (facts) => `<h1>This link does not work</h1><p>Questions: ${html(facts.phone)}.</p>`);
  const tokenOf = (query: unknown) => tokenQuery.safeParse(query).data?.token ?? '';

  app.get(REVIEW_OFF_PATH, { schema: { hide: true }, config: byLink }, async (request, reply) => {
    const token = tokenOf(request.query);
    if (tokens.optOut.idOf(token) === undefined) return notFound(reply);
    return page(reply, 200, () => askPage(token));
  });
  app.post(REVIEW_OFF_PATH, { schema: { hide: true }, config: byLink }, async (request, reply) => {
    if (!(await turnReviewRequestsOff(app.database.db, tokens, tokenOf(request.query))))
      return notFound(reply);
    return page(reply, 200, donePage);
  });
};

/** The opt-out link's page: one button, so following the link alone (a mail scanner) turns nothing off. */
const askPage = (token: string) =>
  `<h1>Stop review requests?</h1><p>We will not ask you for a review again.</p>` +
  `<form method="post" action="${REVIEW_OFF_PATH}?token=${encodeURIComponent(token)}"><button type="submit">Stop review requests</button></form>`;

const donePage = (facts: SiteConfig) =>
  `<h1>Review requests are off</h1><p>${html(facts.businessName)} will not ask you for a review again.</p>`;
