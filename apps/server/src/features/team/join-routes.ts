import { invitationAccept, PASSWORD_MIN_LENGTH, type SiteConfig } from '@clean/shared';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { byLink } from '../../lib/access';
import { DomainError, statusOf } from '../../lib/errors';
import { html, plainPage } from '../../lib/plain-page';
import { JOIN_PATH, type TeamService } from './service';

const tokenOf = (input: unknown) =>
  z.object({ token: z.string().max(100) }).safeParse(input).data?.token ?? '';

/** A page to answer: its status and its body from the business facts in force. */
type Answer = { status: number; body: (facts: SiteConfig) => string };

/**
 * The invitation link's page, `/join?token=…`: plain HTML that works without script. GET shows the password form
 * (or why the link does not work: 404 unknown, 409 used, 410 expired), the form posts back to /join, and the
 * answer says they can sign in at /signin. The token never reaches a log: the request log drops query values,
 * and the form posts it in the body.
 */
export const joinRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: 2048 });
  const { team, siteFacts } = app.services;
  const page = plainPage(siteFacts, 'Join the team');
  const options = { schema: { hide: true }, config: byLink };
  // Guessing tokens is as limited as guessing passwords.
  const limited = { rateLimit: { max: app.config.rateLimits.auth, timeWindow: '1 minute' } };

  app.get(JOIN_PATH, options, async (request, reply) => {
    const { status, body } = await opened(team, tokenOf(request.query));
    return page(reply, status, body);
  });

  app.post(JOIN_PATH, { ...options, config: { ...byLink, ...limited } }, async (request, reply) => {
    const { status, body } = await posted(team, request.body);
    return page(reply, status, body);
  });
};

/** The link followed: the form, or why it does not work. */
async function opened(team: TeamService, token: string): Promise<Answer> {
  const problem = await team.invitationProblem(token);
  if (problem) return problemPage(problem.status, problem.message);
  return { status: 200, body: (facts) => form(token, facts.businessName, null) };
}

/** The form posted: the password set, the form again with why not (400), or why the link does not work. */
async function posted(team: TeamService, input: unknown): Promise<Answer> {
  const parsed = invitationAccept.safeParse(input);
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? 'Please choose a password.';
    return { status: 400, body: (facts) => form(tokenOf(input), facts.businessName, problem) };
  }
  try {
    await team.accept(parsed.data);
  } catch (err) {
    if (err instanceof DomainError && statusOf(err) < 500) return problemPage(statusOf(err), err.message);
    throw err;
  }
  return {
    status: 200,
    body: (facts) =>
      `<h1>Welcome to ${html(facts.businessName)}</h1><p>Your password is set. You can now ` +
      '<a href="/signin">sign in at /signin</a> with your e-mail address.</p>',
  };
}

const problemPage = (status: number, message: string): Answer => ({
  status,
  body: () => `<h1>This link does not work</h1><p>${html(message)}</p>`,
});

/** The password form; `problem` says why the last try was refused. */
const form = (token: string, business: string, problem: string | null) =>
  `<h1>Join ${html(business)}</h1><p>Choose the password you will sign in with, with your e-mail address.</p>` +
  (problem ? `<p role="alert"><strong>${html(problem)}</strong></p>` : '') +
  `<form method="post" action="${JOIN_PATH}">` +
  `<input type="hidden" name="token" value="${html(token)}">` +
  `<p><label for="password">Password (at least ${PASSWORD_MIN_LENGTH} characters)</label><br>` +
  `<input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required></p>` +
  '<p><button type="submit">Set my password</button></p></form>';
