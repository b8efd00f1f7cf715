import {
  errorsFor,
  forgotPasswordSchema,
  messageResponse,
  resetPasswordSchema,
  signinSchema,
  tokenResponse,
  userSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyone, byLink } from '../../lib/access';
import { bearerToken, currentUser, requireUser } from '../../lib/guard';
import { toPublicUser } from './service';

const FORGOT_MESSAGE = 'If that account exists, a password reset link has been sent to its e-mail address.';

export const authRoutes: FastifyPluginAsyncZod<{ rateLimitMax: number }> = async (app, opts) => {
  // Fail closed: if the shared counters cannot be read, no unlimited guessing (503).
  const limited = { rateLimit: { max: opts.rateLimitMax, timeWindow: '1 minute' } };

  app.post(
    '/signin',
    {
      schema: { response: { 200: tokenResponse, ...errorsFor(400, 401, 429) }, body: signinSchema },
      config: { ...limited, ...anyone },
    },
    async (request) => {
      const token = await app.auth.signin(request.body.username, request.body.password);
      return { token };
    },
  );

  app.get(
    '/api/user',
    { schema: { response: { 200: userSchema, ...errorsFor(401) } }, onRequest: requireUser },
    async (request) => toPublicUser(currentUser(request)),
  );

  app.post(
    '/forgot_password',
    {
      schema: { response: { 200: messageResponse, ...errorsFor(400, 429) }, body: forgotPasswordSchema },
      config: { ...limited, ...anyone },
    },
    async (request) => {
      await app.auth.forgotPassword(request.body.username);
      return { message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: { response: { 200: messageResponse, ...errorsFor(400, 401, 429) }, body: resetPasswordSchema },
      // The reset link's token, sent as the bearer token.
      config: { ...limited, ...byLink },
    },
    async (request) => {
      await app.auth.resetPassword(bearerToken(request), request.body.new_password);
      return { message: 'Password reset successful!' };
    },
  );
};
