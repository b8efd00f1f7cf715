import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.values(value).some(hasNul);
  return false;
};

/** PostgreSQL text cannot hold a NUL character: refuse it up front (400) instead of failing in the database. */
export function rejectNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) {
      throw badRequest('Text must not contain NUL characters.');
    }
  });
}
