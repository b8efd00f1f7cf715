import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from './errors';

/** A signed-in user, as the session resolves it. */
type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** onRequest guard: a valid session of any user (runs before the body is read, so anonymous calls get 401). */
export async function requireUser(request: FastifyRequest) {
  const token = bearerToken(request);
  if (!token) throw new UnauthorizedError('Please sign in.');
  const user = await request.server.auth.userFromToken(token);
  if (!user) throw new UnauthorizedError('Your session has expired or is invalid. Please sign in again.');
  request.user = user;
}

/** The owner (`admin`): every administration route is theirs alone; a cleaner's session is not. */
export const isOwner = (user: UserRow | null | undefined) => user?.role === 'owner';

/** onRequest guard for every administration route: a valid session of the owner. */
export async function requireAdmin(request: FastifyRequest) {
  await requireUser(request);
  if (!isOwner(request.user)) throw new ForbiddenError();
}

/** onRequest guard of a team member's own routes (`/api/my/…`): the owner or a cleaner, each seeing their own. */
export const requireTeamMember = requireUser;

/** onRequest hook for routes open to all that behave differently for the admin: never refuses. */
export async function optionalUser(request: FastifyRequest) {
  const token = bearerToken(request);
  request.user = token ? await request.server.auth.userFromToken(token) : null;
}

/** The user a guard put on the request; only for routes behind requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
