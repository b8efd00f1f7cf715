import { errorsFor } from '@clean/shared';
import { requireTeamMember } from './guard';

type ErrorStatus = Parameters<typeof errorsFor>[number];

/**
 * The options of a team member's own route (`/api/my/…`, docs/api.md#who-may-call-what): any signed-in owner or
 * cleaner, who sees only the visits assigned to them (another's visit is a 404, never a 403).
 */
export const member = <Request extends object, Ok extends object, S extends ErrorStatus = never>(
  request: Request,
  ok: Ok,
  ...errors: S[]
) => ({
  onRequest: requireTeamMember,
  schema: { ...request, response: { ...ok, ...errorsFor<400 | 401 | S>(400, 401, ...errors) } },
});
