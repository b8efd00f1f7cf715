import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/lib/error-handler';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from '../../src/lib/errors';

// Services throw domain errors; the one error handler alone decides the HTTP status and the { error } body.
const cases: [string, DomainError, number][] = [
  ['validation', new ValidationError('inquiry_id: no such inquiry'), 400],
  ['unauthorized', new UnauthorizedError(), 401],
  ['forbidden', new ForbiddenError(), 403],
  ['not-found', new NotFoundError('No inquiry with that id.'), 404],
  ['conflict', new ConflictError('This inquiry has 1 one-time cleaning(s).'), 409],
  ['too-many', new TooManyRequestsError('Too many attempts.'), 429],
  ['unavailable', new UnavailableError('Try again in a moment.'), 503],
];

const app = Fastify({ logger: false });
beforeAll(async () => {
  registerErrorHandler(app);
  for (const [name, error] of cases)
    app.get(`/${name}`, async () => {
      throw error;
    });
  await app.ready();
});
afterAll(() => app.close());

describe('domain errors', () => {
  it.each(cases)('%s is answered with its status and its sentence', async (name, error, status) => {
    const res = await app.inject({ method: 'GET', url: `/${name}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: error.message });
  });

  it('carries the default sentences for sign-in and permission', () => {
    expect(new UnauthorizedError().message).toBe('Please sign in.');
    expect(new ForbiddenError().message).toBe('Only the site administrator may do this.');
  });

  it('asks the client to retry a 503 shortly', async () => {
    const res = await app.inject({ method: 'GET', url: '/unavailable' });
    expect(res.headers['retry-after']).toBe('5');
  });
});
