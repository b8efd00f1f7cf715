import type { ClockRecord, MyVisit, OnMyWay, VisitPhoto } from '@clean/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

// The cleaner's routes (GET /api/my/visits and the actions under /api/my/visits/{key}); the payloads as docs/api.md
// gives them. Only the signed-in cleaner's own visits are ever answered: another's is a 404 like one that is gone.
// The payload types come from the routes' shared schemas (types only: no Zod in this page's first load).

export type ChecklistItem = MyVisit['checklist'][number];

export type ClockAction = 'clock-in' | 'clock-out';
export type PhotoKind = VisitPhoto['kind'];

const visitPath = (key: string) => `/api/my/visits/${encodeURIComponent(key)}`;

const myVisitsRoot = ['my-visits'] as const;

/** The visits of one business day (YYYY-MM-DD), from and to being that day. */
export const myVisitsQueryOptions = (day: string) =>
  queryOptions({
    queryKey: [...myVisitsRoot, day] as const,
    queryFn: ({ signal }) => apiFetch<MyVisit[]>('/api/my/visits', { query: { from: day, to: day }, signal }),
  });
export const useMyVisits = (day: string) => useQuery(myVisitsQueryOptions(day));

const readAgain = (client: QueryClient) => client.invalidateQueries({ queryKey: myVisitsRoot });

/** Changes one item's tick in every cached day that shows it. */
function setTick(client: QueryClient, key: string, itemId: number, done: boolean) {
  client.setQueriesData<MyVisit[]>({ queryKey: myVisitsRoot }, (visits) =>
    visits?.map((v) =>
      v.key !== key
        ? v
        : { ...v, checklist: v.checklist.map((item) => (item.id === itemId ? { ...item, done } : item)) },
    ),
  );
}

type Tick = { key: string; itemId: number; done: boolean };

/** PATCH …/checklist/{item_id} `{ done }`: the box shows the tick at once and goes back if it is not saved. */
export function useTickItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, itemId, done }: Tick) =>
      apiFetch(`${visitPath(key)}/checklist/${itemId}`, { method: 'PATCH', body: { done } }),
    // A read still on its way (after a Done, say) would land on the tick and undo it on screen: stopped first.
    onMutate: async ({ key, itemId, done }: Tick) => {
      await client.cancelQueries({ queryKey: myVisitsRoot });
      setTick(client, key, itemId, done);
    },
    onError: (_err, { key, itemId, done }) => setTick(client, key, itemId, !done),
    onSettled: () => readAgain(client),
  });
}

/** PATCH /api/my/visits/{key} `{ status: "done" }`; refused (409) with a sentence naming the open required items. */
export function useMarkDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiFetch(visitPath(key), { method: 'PATCH', body: { status: 'done' } }),
    onSuccess: () => readAgain(client),
  });
}

/** POST …/on-my-way: one message to the customer, once per visit (the server decides). */
export const useOnMyWay = () =>
  useMutation({
    mutationFn: (key: string) => apiFetch<OnMyWay>(`${visitPath(key)}/on-my-way`, { method: 'POST' }),
  });

/**
 * POST …/photos: multipart, the picture as part `image`, `kind` beside it. The form helper is loaded on the first
 * upload: it shares a module with the photo schemas, and Zod has no place in the day's first load (120 KB budget).
 */
export const useUploadVisitPhoto = () =>
  useMutation({
    mutationFn: async ({ key, kind, file }: { key: string; kind: PhotoKind; file: File }) => {
      const { photoForm } = await import('../../lib/photo-upload');
      return apiFetch<VisitPhoto>(`${visitPath(key)}/photos`, {
        method: 'POST',
        body: photoForm(file, { kind }),
      });
    },
  });

/**
 * POST …/clock-in or …/clock-out. The idempotency key makes a tap sent twice count once; `at` (a tap made offline,
 * sent later) is when it was made, which the server accepts up to 12 h back.
 */
export const sendClockTap = (key: string, action: ClockAction, idempotencyKey: string, at?: string) =>
  apiFetch<ClockRecord>(`${visitPath(key)}/${action}`, {
    method: 'POST',
    body: at === undefined ? {} : { at },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
