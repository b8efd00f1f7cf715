import { DEFAULT_VISIT_MINUTES, type VisitConflict, type WorkingHours } from '@clean/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { hubKeys, useHubMutation } from '../../lib/hubKeys';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** GET /api/working_hours: the owner's week, how many visits may overlap, the default visit length. */
export const fetchWorkingHours = (signal?: AbortSignal) =>
  apiFetch<WorkingHours>('/api/working_hours', { signal });

export const workingHoursQueryOptions = queryOptions({
  queryKey: hubKeys.workingHours,
  queryFn: ({ signal }) => fetchWorkingHours(signal),
});
export const useWorkingHours = () => useQuery(workingHoursQueryOptions);

/** The default visit length to show in the forms: the owner's setting once known, else the built-in one. */
export function useDefaultVisitMinutes(): number {
  const { data } = useWorkingHours();
  return data?.default_duration_minutes ?? DEFAULT_VISIT_MINUTES;
}

/** PUT /api/working_hours. Conflicts (and so the agenda's warnings) follow the hours; visits' ends the length. */
export const useSetWorkingHours = () =>
  useHubMutation(
    (hours: WorkingHours) => apiFetch<WorkingHours>('/api/working_hours', { method: 'PUT', body: hours }),
    'workingHours',
    'agenda',
  );

export type ConflictsAsk = {
  /** datetime-local value (business wall time); nothing is asked while it is empty. */
  start: string;
  /** As typed; empty means the default length. */
  duration: string;
  frequency?: string;
  /** `o12` (this cleaning) or `s7` (this schedule): its own visits are no conflict. */
  exclude_key?: string;
};

/** How long the owner may pause typing before the form asks the server. */
export const CONFLICTS_DEBOUNCE_MS = 400;

/**
 * GET /api/visits/conflicts for what a form is about to save, once the owner stops typing: a warning only (the
 * save is never refused for it). Nothing is asked without a start, or with a length the server would refuse.
 */
export function useConflicts(ask: ConflictsAsk) {
  const settled = useDebouncedValue(ask, CONFLICTS_DEBOUNCE_MS);
  const minutes = settled.duration.trim() === '' ? undefined : Number(settled.duration);
  const lengthOk = minutes === undefined || (Number.isInteger(minutes) && minutes >= 15 && minutes <= 720);
  const query = {
    start: settled.start,
    duration_minutes: minutes,
    frequency: settled.frequency?.trim() || undefined,
    exclude_key: settled.exclude_key,
  };
  return useQuery({
    queryKey: [...hubKeys.visits, 'conflicts', query] as const,
    queryFn: ({ signal }) => apiFetch<VisitConflict[]>('/api/visits/conflicts', { query, signal }),
    enabled: settled.start !== '' && lengthOk,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
