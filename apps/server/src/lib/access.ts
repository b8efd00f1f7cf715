import type { FastifyInstance, RouteOptions } from 'fastify';
import { optionalUser, requireAdmin, requireTeamMember, requireUser } from './guard';

/**
 * Who may call a route (docs/api.md#who-may-call-what): the owner; a team member, owner or cleaner, each seeing
 * their own (`/api/my/…` and the few addresses below); whoever holds a secret link the server made (the customer's
 * personal link, an opt-out or invitation link, the calendar feed's address); or anyone.
 */
export const ACCESS = ['owner', 'team member', 'link', 'anyone'] as const;
export type Access = (typeof ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; a route behind requireAdmin or requireTeamMember says it through its guard. */
    access?: Access;
  }
  interface FastifyInstance {
    /** The access of every route a plugin registers in this scope, for plugins whose routes take no config. */
    routeAccess?: Access;
  }
}

/** The route options that open a route to anyone (`config: anyone`). */
export const anyone = { access: 'anyone' } as const satisfies { access: Access };
/** The route options of a route opened by a secret link's token (`config: byLink`). */
export const byLink = { access: 'link' } as const satisfies { access: Access };

/**
 * The only routes a cleaner's session opens besides `/api/my/…`: who they are, and a private photo of a visit
 * assigned to them (the route answers 404 for anyone else's).
 */
const MEMBER_ROUTES_OUTSIDE_MY = [/^GET \/api\/user$/, /^GET \/api\/visits\/:\w+\/photos\/:\w+$/];

export const isMemberRoute = (method: string, url: string) =>
  url.startsWith('/api/my/') || MEMBER_ROUTES_OUTSIDE_MY.some((pattern) => pattern.test(`${method} ${url}`));

/** What a route's guard says; undefined when it has none of ours. */
function guardedAccess(route: RouteOptions): Access | undefined {
  const guards = [route.onRequest ?? []].flat();
  if (guards.includes(requireAdmin)) return 'owner';
  if (guards.includes(requireTeamMember) || guards.includes(requireUser)) return 'team member';
  // Open to all, with more rights for the owner's session (phone leads, reviews entered by the owner).
  if (guards.includes(optionalUser)) return 'anyone';
  return undefined;
}

/**
 * Deny by default: every route must say who may call it, by its guard or by `config.access` (or, for a plugin's
 * routes, by the scope it is registered in); a route that says nothing, or contradicts its guard, stops the app
 * from starting. A team member's route must be one a cleaner may call, so an owner route given the team
 * member's guard by mistake stops the start too.
 */
export function accessOf(route: RouteOptions, scope: FastifyInstance): Access {
  const guarded = guardedAccess(route);
  const declared = (route.config as { access?: Access } | undefined)?.access ?? scope.routeAccess;
  const where = `${[route.method].flat().join(',')} ${route.url}`;
  if (guarded && declared && guarded !== declared)
    throw new Error(`${where}: declares access "${declared}" but its guard gives "${guarded}"`);
  const access = guarded ?? declared;
  if (!access)
    throw new Error(
      `${where}: says nobody may call it. Give it a guard (admin(…), member(…)) or config.access (docs/api.md#who-may-call-what).`,
    );
  if (access === 'team member')
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && !isMemberRoute(method, route.url))
        throw new Error(
          `${where}: a cleaner's session may open only /api/my/… (docs/api.md#who-may-call-what)`,
        );
  return access;
}

/** Checks each route as it is added (before the features); the answer is kept on its config for the docs. */
export function refuseUndeclaredRoutes(app: FastifyInstance) {
  app.addHook('onRoute', function check(this: FastifyInstance, route) {
    route.config = { ...(route.config as object), access: accessOf(route, this) };
  });
}

/** Registers a plugin whose routes take no config (a docs UI, static files) as open to `access`. */
export async function registerAs(
  app: FastifyInstance,
  access: Access,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
) {
  await app.register(async (scope) => {
    scope.routeAccess = access;
    await register(scope);
  });
}
