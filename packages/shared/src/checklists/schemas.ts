import { z } from 'zod';
import { requiredText } from '../common/fields';

/**
 * Checklists: a package's template and one home's own items; a visit's checklist is its package's items, then its
 * home's. A required item blocks a cleaner's Done until it is ticked.
 */

export const CHECKLIST_MAX_ITEMS = 30;
export const CHECKLIST_LABEL_MAX = 120;

/** One item as the owner writes it. */
export const checklistItemInput = z.object({
  label: requiredText('label', CHECKLIST_LABEL_MAX),
  required: z.boolean({ error: 'required must be true or false.' }),
});

/**
 * PUT /api/packages/{id}/checklist and PUT /api/inquiries/{id}/checklist (owner): the whole list, in order. An item
 * whose label stays keeps its id (and the ticks of visits under way); each label once.
 */
export const checklistPut = z.object({
  items: z
    .array(checklistItemInput, { error: 'items must be a list.' })
    .max(CHECKLIST_MAX_ITEMS, `At most ${CHECKLIST_MAX_ITEMS} items.`)
    .refine(
      (items) => new Set(items.map((i) => i.label.toLowerCase())).size === items.length,
      'Each label may appear once.',
    ),
});
export type ChecklistPut = z.input<typeof checklistPut>;

export const checklistItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  required: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
export const checklistSchema = z.object({ items: z.array(checklistItemSchema) });
export type Checklist = z.infer<typeof checklistSchema>;

/** One item of a visit's checklist, as its cleaner sees it. */
export const visitChecklistItemSchema = checklistItemSchema.extend({ done: z.boolean() });
export type VisitChecklistItem = z.infer<typeof visitChecklistItemSchema>;

/** PATCH /api/my/visits/{key}/checklist/{item_id}: ticked or not (a tap sent twice counts once). */
export const checklistTick = z.object({ done: z.boolean({ error: 'done must be true or false.' }) });
export type ChecklistTick = z.infer<typeof checklistTick>;
