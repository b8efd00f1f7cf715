import { z } from 'zod';

/**
 * A customer's personal link (docs/product.md#the-customers-link): the page `/visit/{token}` and its plain HTML form
 * posts. The page is server-rendered from a CustomerLinkView (the server formats every time in the business zone),
 * and works without script: each action is a form posting to `/visit/{token}/visits/{key}/{action}`.
 */

export const CUSTOMER_LINK_ACTIONS = ['cancel', 'skip', 'reschedule'] as const;
export type CustomerLinkAction = (typeof CUSTOMER_LINK_ACTIONS)[number];

/** POST …/reschedule: the open time picked (as the page offers it: ISO 8601 with the zone's offset). */
export const customerRescheduleForm = z.object({
  start: z.iso.datetime({ offset: true, error: 'Please pick one of the open times.' }),
});
export type CustomerRescheduleForm = z.infer<typeof customerRescheduleForm>;

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
  /** Still before the cutoff: the customer may change it. */
  changeable: boolean;
};

/** The open times a visit may move to, by business day. */
export type CustomerRescheduleView = {
  key: string;
  when: string;
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
  /** "Eastern Time (America/New_York)". */
  timeZoneName: string;
  cutoffHours: number;
  weeks: number;
  visits: CustomerVisitView[];
  /** Their issued invoices, newest first. */
  invoices: CustomerInvoiceView[];
  /** After a change (redirected with ?done=), or the reason a change was refused. */
  notice: { tone: 'success' | 'error'; text: string } | null;
  reschedule: CustomerRescheduleView | null;
  /** The page's own address (`/visit/{token}`): the forms post below it. */
  base: string;
};
