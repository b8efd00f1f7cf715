import {
  type CleaningDatesSummary,
  ifMatch,
  toWallTime,
  VISITS_MAX_DAYS,
  type Visit,
  type VisitPatch,
  type VisitsQuery,
} from '@clean/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { addDays, format, min, parseISO } from 'date-fns';
import { apiFetch, readStoredToken } from '../../lib/api';
import { hubKeys, useHubMutation } from '../../lib/hubKeys';
import { keepAnswer } from '../../lib/keepAnswer';
import { useCurrentUser } from '../auth/api';
import { teamQueryOptions } from '../team/api';

/** GET /api/cleaning_dates_summary?from=&to=: only what the calendar shows. */
export const fetchAgenda = (range: { from: string; to: string }, signal?: AbortSignal) =>
  apiFetch<CleaningDatesSummary>('/api/cleaning_dates_summary', { query: range, signal });

export const agendaQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...hubKeys.agenda, range.from, range.to] as const,
    queryFn: ({ signal }) => fetchAgenda(range, signal),
    placeholderData: keepPreviousData,
  });
export const useAgenda = (range: { from: string; to: string }) => useQuery(agendaQueryOptions(range));

const feedKey = [...hubKeys.agenda, 'feed'] as const;

/** GET /api/calendar_feed: the secret address of the owner's calendar feed. */
export const fetchCalendarFeed = (signal?: AbortSignal) =>
  apiFetch<{ url: string }>('/api/calendar_feed', { signal });

export const calendarFeedQueryOptions = queryOptions({
  queryKey: feedKey,
  queryFn: ({ signal }) => fetchCalendarFeed(signal),
  staleTime: Number.POSITIVE_INFINITY,
});
export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions);

/** POST /api/calendar_feed/rotate: a new address; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/calendar_feed/rotate', { method: 'POST' }),
    onSuccess: (data) => keepAnswer(client, feedKey, data),
  });
}

// ——— Visits ———

/** GET /api/visits?from=&to=: the visits of business dates `from` to `to`, both included (≤ VISITS_MAX_DAYS). */
export const fetchVisits = (range: VisitsQuery, signal?: AbortSignal) =>
  apiFetch<Visit[]>('/api/visits', { query: range, signal });

export const visitsQueryOptions = (range: VisitsQuery) =>
  queryOptions({
    queryKey: [...hubKeys.visits, range.from, range.to] as const,
    queryFn: ({ signal }) => fetchVisits(range, signal),
    placeholderData: keepPreviousData,
  });

/** Every visit of the business dates `range` covers, asked for in pieces the server accepts. */
export function useVisits(range: VisitsQuery) {
  return useQueries({
    queries: splitDays(range).map(visitsQueryOptions),
    combine: (results) => ({
      data: results.every((r) => r.data) ? results.flatMap((r) => r.data ?? []) : undefined,
      isError: results.some((r) => r.isError),
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}

/** How far from where the hub last saw a visit it is looked for again (a move by the customer stays within this). */
const LOOK_AROUND_DAYS = 45;

/**
 * The visit as it is now, after a change was refused as stale (412): found by its key among the visits of the
 * days around where the hub last saw it; undefined when it is gone.
 */
export async function fetchVisitNow(visit: Visit, timeZone: string): Promise<Visit | undefined> {
  const day = parseISO(toWallTime(visit.start, timeZone).slice(0, 10));
  const list = await fetchVisits({
    from: format(addDays(day, -LOOK_AROUND_DAYS), 'yyyy-MM-dd'),
    to: format(addDays(day, LOOK_AROUND_DAYS), 'yyyy-MM-dd'),
  });
  return list.find((v) => v.key === visit.key);
}

/** `range` cut into consecutive pieces of at most VISITS_MAX_DAYS business dates. */
export function splitDays(range: VisitsQuery): VisitsQuery[] {
  const pieces: VisitsQuery[] = [];
  let from = parseISO(range.from);
  const last = parseISO(range.to);
  while (from <= last) {
    const to = min([addDays(from, VISITS_MAX_DAYS - 1), last]);
    pieces.push({ from: format(from, 'yyyy-MM-dd'), to: format(to, 'yyyy-MM-dd') });
    from = addDays(to, 1);
  }
  return pieces;
}

/**
 * PATCH /api/visits/{key}: done and paid, skipped, back to planned, or moved. A visit shows on the agenda,
 * its paid record under Recurring paid, in the revenue summary and the overdue list; a one-time cleaning in Manage.
 */
export const usePatchVisit = () =>
  useHubMutation(
    ({ key, version, change }: { key: string; version: string; change: VisitPatch }) =>
      apiFetch<Visit>(`/api/visits/${encodeURIComponent(key)}`, {
        method: 'PATCH',
        body: change,
        // Empty: a visit known from the calendar's summary alone (its version unread), sent unconditionally.
        headers: version ? ifMatch(version) : undefined,
      }),
    'agenda',
    'visits',
    'recurringPaid',
    'recurringPayments',
    'oneTimeCleanings',
    'summary',
  );

/** The owner's answer to a booking request holding its time. */
export type RequestAnswer = 'confirmed' | 'declined';

/**
 * PATCH /api/visits/{key} with `{ status: "confirmed" }` (the request becomes the one-time cleaning, or the
 * schedule and its first visit, at the quoted amount; its inquiry is Booked) or `{ status: "declined" }` (the time
 * is free again). Either way the agenda, the lists and the leads are read again.
 */
export const useAnswerRequest = () =>
  useHubMutation(
    ({ key, status }: { key: string; status: RequestAnswer }) =>
      apiFetch<unknown>(`/api/visits/${encodeURIComponent(key)}`, { method: 'PATCH', body: { status } }),
    'agenda',
    'oneTimeCleanings',
    'recurringPayments',
    'inquiries',
    'summary',
  );

/** Someone the owner can give a visit to: their id and the name the Agenda shows. */
export type TeamChoice = { id: number; name: string };

/**
 * Who a visit or a schedule can be given to: "Me" (the signed-in owner), then the team, then `current` when it is
 * none of them (a removed member keeps their visits).
 */
export function useTeamChoices(current?: { id: number | null; name: string | null }): TeamChoice[] {
  const { data: user } = useCurrentUser(readStoredToken());
  const team = useQuery(teamQueryOptions);
  const people = new Map<number, string>();
  if (user) people.set(user.id, 'Me');
  for (const member of team.data ?? [])
    if (member.id !== user?.id && member.status !== 'removed') people.set(member.id, member.name ?? 'Owner');
  if (current?.id != null && !people.has(current.id))
    people.set(current.id, current.name ?? `#${current.id}`);
  return [...people].map(([id, name]) => ({ id, name }));
}
