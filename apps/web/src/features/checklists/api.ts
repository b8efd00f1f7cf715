import type { Checklist, ChecklistPut } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';
import { keepAnswer } from '../../lib/keepAnswer';

/** Whose checklist: a package's template or one home's (inquiry's) own items. */
export type ChecklistOwner = { kind: 'packages' | 'inquiries'; id: number };

const path = ({ kind, id }: ChecklistOwner) => `/api/${kind}/${id}/checklist`;
const key = (owner: ChecklistOwner) => [...hubKeys.all, 'checklists', owner.kind, owner.id] as const;

/** GET /api/{packages|inquiries}/{id}/checklist (owner). */
export const checklistQueryOptions = (owner: ChecklistOwner) =>
  queryOptions({
    queryKey: key(owner),
    queryFn: ({ signal }) => apiFetch<Checklist>(path(owner), { signal }),
  });
export const useChecklist = (owner: ChecklistOwner) => useQuery(checklistQueryOptions(owner));

/** PUT the whole list; the answer (ids kept for kept labels) becomes what the editor shows. */
export function useSaveChecklist(owner: ChecklistOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChecklistPut) => apiFetch<Checklist>(path(owner), { method: 'PUT', body }),
    onSuccess: (saved) => keepAnswer(client, key(owner), saved),
  });
}
