import { z } from 'zod';
import { inYears, yearsMessage } from '../common/date-time-input';

/**
 * A customer's personal link (docs/product.md#the-customers-link): the page `/visit/{token}` and its plain HTML form
 * posts. The page is server-rendered from a CustomerLinkView (the server formats every time in the business zone),
 * and works without script: each action is a form posting to `/visit/{token}/visits/{key}/{action}`.
 */

/** `undo` puts a skipped or cancelled visit back, until the same cutoff as the other changes. */
export const CUSTOMER_LINK_ACTIONS = ['cancel', 'skip', 'reschedule', 'undo'] as const;
export type CustomerLinkAction = (typeof CUSTOMER_LINK_ACTIONS)[number];

/**
 * Every change's form: the visit's version as the page showed it (hidden), so a page opened before the visit
 * changed (the owner moved it) cannot change it; absent (a post made by hand), the change goes ahead.
 */
export const customerChangeForm = z.object({
  version: z.string().max(60).optional(),
  /** Skip and cancel act only with `confirm=1` (the confirmation step's Yes); without it the page asks first. */
  confirm: z.literal('1').optional(),
});

/** POST …/reschedule: the open time picked (as the page offers it: ISO 8601 with the zone's offset). */
export const customerRescheduleForm = customerChangeForm.extend({
  start: z.iso
    .datetime({ offset: true, error: 'Please pick one of the open times.' })
    .refine(inYears, yearsMessage('start')),
});
export type CustomerRescheduleForm = z.infer<typeof customerRescheduleForm>;

/** The id of a visit's card on the page: a change's redirect and the question's form land there (`#visit-o12`). */
export const visitAnchor = (key: string) => `visit-${key}`;

/** The page's address parameters: `key` of a visit to reschedule (its open times shown), `done` after a change. */
export const customerLinkQuery = z.object({
  reschedule: z.string().max(60).optional(),
  done: z.enum(CUSTOMER_LINK_ACTIONS).optional(),
});

/** One upcoming visit of the customer, as the page shows it. */
export type CustomerVisitView = {
  key: string;
  kind: 'one_time' | 'recurring';
  status: 'planned' | 'skipped' | 'cancelled';
  /** "Tuesday, March 2, 2027 at 9:00 AM EST". */
  when: string;
  /** "2 h 30 min". */
  length: string;
  town: string | null;
  /** The schedule's frequency (recurring), e.g. "Every 2 weeks". */
  frequency: string | null;
  /** Moved from its usual time (recurring). */
  moved: boolean;
  /** Still before the cutoff: the customer may change it (planned), or undo its skip or cancel. */
  changeable: boolean;
  /** The visit's version, sent back by its forms. */
  version: string;
};

/** The question a skip or cancel asks before it acts (without script: a second step, its Yes posts confirm=1). */
export type CustomerConfirmView = {
  key: string;
  action: 'skip' | 'cancel';
  /** "Cancel your cleaning on Tue, Mar 9 at 9:00 AM?". */
  question: string;
  version: string;
};

/** The open times a visit may move to, by business day. */
export type CustomerRescheduleView = {
  key: string;
  when: string;
  version: string;
  days: { label: string; times: { value: string; label: string }[] }[];
};

/** One of the customer's invoices on their page: its PDF is served under their link only. */
export type CustomerInvoiceView = {
  number: string;
  issuedOn: string;
  total: number;
  amountDue: number;
  status: 'open' | 'partially_paid' | 'paid' | 'void';
  pdf: string;
};

export type CustomerLinkView = {
  businessName: string;
  /** The owner's phone, formatted, and as a tel: link. */
  phone: string;
  telHref: string;
  customerName: string;
  /** The business zone as a person names it: "Eastern Time". */
  timeZoneName: string;
  cutoffHours: number;
  weeks: number;
  visits: CustomerVisitView[];
  /** Their issued invoices, newest first. */
  invoices: CustomerInvoiceView[];
  /** After a change (redirected with ?done=), or the reason a change was refused. */
  notice: { tone: 'success' | 'error'; text: string } | null;
  reschedule: CustomerRescheduleView | null;
  /** A skip or cancel waiting for the customer's Yes. */
  confirm: CustomerConfirmView | null;
  /** The page's own address (`/visit/{token}`): the forms post below it. */
  base: string;
};
