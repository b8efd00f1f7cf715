import type { SiteConfig } from '@clean/shared';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { byLink } from '../../lib/access';
import { html, plainPage } from '../../lib/plain-page';
import { resolveJwtSecret } from '../../lib/secrets';
import { optOutTokens, REMINDER_OFF_PATH, turnRemindersOff } from './service';
import { remindersStore } from './store';

const tokenQuery = z.object({ token: z.string().max(100).optional() });

/**
 * The reminders' opt-out link: GET shows a page with one button (a mail scanner that follows links turns nothing
 * off), POST turns reminders off for that customer — also RFC 8058's one-click POST from a mail program's
 * "Unsubscribe" (List-Unsubscribe-Post). Plain HTML, no script, not indexed; a bad token is a 404 page.
 */
export const remindersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: 1024 });
  const tokens = optOutTokens(resolveJwtSecret(app.config.jwtSecret, app.config.dataDir));

  const store = remindersStore(app.database.db);
  const page = plainPage(app.services.siteFacts, 'Reminders');
  const notFound = (reply: FastifyReply) =>
    page(
      reply,
      404,
      (facts) =>
        `<h1>This link does not work</h1><p>Call us at ${html(facts.phone)} and we will stop the reminders.</p>`,
    );
  const tokenOf = (query: unknown) => tokenQuery.safeParse(query).data?.token ?? '';

  app.get(REMINDER_OFF_PATH, { schema: { hide: true }, config: byLink }, async (request, reply) => {
    const token = tokenOf(request.query);
    if (tokens.inquiryOf(token) === undefined) return notFound(reply);
    return page(reply, 200, () => askPage(token));
  });
  app.post(REMINDER_OFF_PATH, { schema: { hide: true }, config: byLink }, async (request, reply) => {
    if (!(await turnRemindersOff(store, tokens, tokenOf(request.query)))) return notFound(reply);
    return page(reply, 200, donePage);
  });
};

/** The opt-out link's page: one button, so following the link alone (a mail scanner) turns nothing off. */
const askPage = (token: string) =>
  `<h1>Stop visit reminders?</h1><p>You will still get a confirmation when a visit is booked.</p>` +
  `<form method="post" action="${REMINDER_OFF_PATH}?token=${encodeURIComponent(token)}"><button type="submit">Turn reminders off</button></form>`;

const donePage = (facts: SiteConfig) =>
  `<h1>Reminders are off</h1><p>${html(facts.businessName)} will send you no more visit reminders. Questions: ${html(facts.phone)}.</p>`;
