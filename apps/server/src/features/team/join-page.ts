import { invitationAccept, PASSWORD_MIN_LENGTH } from '@clean/shared';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { byLink } from '../../lib/access';
import { DomainError, statusOf } from '../../lib/errors';
import { html, plainPage } from '../reminders/plain-page';
import { JOIN_PATH } from './service';
import { teamServiceFor } from './service-for';

const tokenQuery = z.object({ token: z.string().max(100).optional() });

/**
 * The invitation link's page, `/join?token=…`: plain HTML that works without script. GET shows the password form
 * (or why the link does not work: 404 unknown, 409 used, 410 expired), the form posts back to /join, and the
 * answer says they can sign in at /signin. The token never reaches a log: the request log drops query values,
 * and the form posts it in the body.
 */
export const joinPageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: 2048 });
  const team = teamServiceFor(app);
  const page = plainPage(app.database.db, app.config, 'Join the team');
  const problemPage = (reply: FastifyReply, status: number, message: string) =>
    page(reply, status, () => `<h1>This link does not work</h1><p>${html(message)}</p>`);
  const options = { schema: { hide: true }, config: byLink };

  app.get(JOIN_PATH, options, async (request, reply) => {
    const token = tokenQuery.safeParse(request.query).data?.token ?? '';
    const problem = await team.invitationProblem(token);
    if (problem) return problemPage(reply, problem.status, problem.message);
    return page(reply, 200, (facts) => form(token, facts.businessName, null));
  });

  app.post(JOIN_PATH, options, async (request, reply) => {
    const parsed = invitationAccept.safeParse(request.body);
    const token = z.object({ token: z.string().max(100) }).safeParse(request.body).data?.token ?? '';
    if (!parsed.success)
      return page(reply, 400, (facts) =>
        form(token, facts.businessName, parsed.error.issues[0]?.message ?? ''),
      );
    const refused = await team.accept(parsed.data).then(
      () => null,
      (err) => {
        if (err instanceof DomainError && statusOf(err) < 500)
          return { status: statusOf(err), message: err.message };
        throw err;
      },
    );
    if (refused) return problemPage(reply, refused.status, refused.message);
    return page(
      reply,
      200,
      (facts) =>
        `<h1>Welcome to ${html(facts.businessName)}</h1><p>Your password is set. You can now <a href="/signin">sign in at /signin</a> with your e-mail address.</p>`,
    );
  });
};

/** The password form; `problem` says why the last try was refused. */
const form = (token: string, business: string, problem: string | null) =>
  `<h1>Join ${html(business)}</h1><p>Choose the password you will sign in with, with your e-mail address.</p>` +
  (problem ? `<p role="alert"><strong>${html(problem)}</strong></p>` : '') +
  `<form method="post" action="${JOIN_PATH}">` +
  `<input type="hidden" name="token" value="${html(token)}">` +
  `<p><label for="password">Password (at least ${PASSWORD_MIN_LENGTH} characters)</label><br>` +
  `<input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required></p>` +
  '<p><button type="submit">Set my password</button></p></form>';
