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
import { HttpError, unauthorized } from '../../lib/errors';
import { bearerToken, currentUser, requireUser } from './guard';
import { toPublicUser } from './service';

const FORGOT_MESSAGE = 'If that account exists, a password reset link has been sent to its e-mail address.';

export const authRoutes: FastifyPluginAsyncZod<{ rateLimitMax: number }> = async (app, opts) => {
  const limited = { rateLimit: { max: opts.rateLimitMax, timeWindow: '1 minute' } };

  app.post(
    '/signin',
    {
      schema: { body: signinSchema, response: { 200: tokenResponse, ...errorsFor(400, 401, 429) } },
      config: limited,
    },
    async (request) => {
      const token = await app.auth.signin(request.body.username, request.body.password);
      if (!token) throw unauthorized('Invalid username or password.');
      return { token };
    },
  );

  app.get(
    '/api/user',
    { onRequest: requireUser, schema: { response: { 200: userSchema, ...errorsFor(401) } } },
    async (request) => toPublicUser(currentUser(request)),
  );

  app.post(
    '/forgot_password',
    {
      schema: { body: forgotPasswordSchema, response: { 200: messageResponse, ...errorsFor(400, 429) } },
      config: limited,
    },
    async (request) => {
      await app.auth.forgotPassword(request.body.username);
      return { message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: { body: resetPasswordSchema, response: { 200: messageResponse, ...errorsFor(400, 401, 429) } },
      config: limited,
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Invalid or missing token.');
      const ok = await app.auth.resetPassword(token, request.body.new_password);
      if (!ok)
        throw new HttpError(400, 'This reset link is invalid, expired or already used. Ask for a new one.');
      return { message: 'Password reset successful!' };
    },
  );
};
