import type { TeamMember, TeamMemberChange, TeamMemberCreate } from '@clean/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** Under the hub's root key, so whatever empties the hub's views empties this one too. */
const teamKey = ['hub', 'team'] as const;

/** GET /api/team (owner): the owner first, then the cleaners, removed ones flagged. */
export const teamQueryOptions = queryOptions({
  queryKey: teamKey,
  queryFn: ({ signal }) => apiFetch<TeamMember[]>('/api/team', { signal }),
});

/** A change to the team, after which the list is read again. */
function useTeamMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: teamKey }) });
}

/** POST /api/team: adds a cleaner and e-mails their invitation. */
export const useAddCleaner = () =>
  useTeamMutation((body: TeamMemberCreate) => apiFetch<TeamMember>('/api/team', { method: 'POST', body }));

/** PATCH /api/team/{id}: name, phone, pay, or a new invitation. */
export const useChangeMember = () =>
  useTeamMutation(({ id, ...body }: TeamMemberChange & { id: number }) =>
    apiFetch<TeamMember>(`/api/team/${id}`, { method: 'PATCH', body }),
  );

/** DELETE /api/team/{id}: removes a cleaner; every session of theirs ends. */
export const useRemoveMember = () =>
  useTeamMutation((id: number) => apiFetch<void>(`/api/team/${id}`, { method: 'DELETE' }));
