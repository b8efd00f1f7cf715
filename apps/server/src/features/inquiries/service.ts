import {
  adminInquiryInput,
  bookingRequestInput,
  type Inquiry,
  type InquiryStatus,
  type inquiryPatch,
  type inquiryQuery,
  type SiteConfig,
  type withDependantsQuery,
} from '@clean/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { deleting } from '../../lib/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { enqueueMails } from '../../lib/outbox';
import { paging } from '../../lib/paging';
import { enqueuePush } from '../../lib/push-outbox';
import { closedMessage } from '../contact-status/service';
import { mayAcknowledge } from '../notifications/acknowledgements';
import { acknowledgementMail, newInquiryMail, ownerAddress } from '../notifications/mails';
import type { PricingService } from '../pricing/service';
import { bookingNotice } from '../push/notices';
import type { SlotsService } from '../slots/service';
import { inquiriesStore, type RemoveVisitsOf } from './store';

const NOT_FOUND = 'No inquiry with that id.';
const STALE =
  'This inquiry changed since you opened it. Look at it as it is now and decide again; nothing was changed.';

export type InquiriesDeps = {
  db: Db;
  config: Config;
  /** Prices a booking from the database. */
  pricing: Pick<PricingService, 'quoteForBooking'>;
  /** The open times, the admission of a request and its hold (features/slots). */
  slots: SlotsService;
  /** The business facts in force (features/site): the owner's saved edits over the configured defaults. */
  siteFacts: () => Promise<SiteConfig>;
  /** Whether the booking form is open (features/contact-status). */
  bookingOpen: () => Promise<boolean>;
  /** The delete of an inquiry's schedules and one-time cleanings (features/recurring and features/cleanings). */
  removeVisitsOf: RemoveVisitsOf;
};

/** Validates a body with a schema chosen at run time; the first problem as a 400 naming the field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? 'Invalid request.';
  const named = !field || message.toLowerCase().includes(field.toLowerCase().replaceAll('_', ' '));
  throw new ValidationError(named ? message : `${field}: ${message}`);
}

/** The columns of a new inquiry from either form's fields. */
const toValues = (
  b: Omit<z.output<typeof adminInquiryInput>, 'status' | 'access_notes'>,
  status: InquiryStatus,
) => ({
  name: b.name,
  email: b.email,
  phoneNumber: b.phone_number,
  callOrText: b.call_or_text,
  town: b.town,
  description: b.description,
  status,
  streetAddress: b.street_address,
  zip: b.zip,
});

const isAdmin = (user: { role: string } | null) => user?.role === 'owner';

/** Inquiries: the public booking request, the owner's phone leads, and their administration. */
export function inquiriesService(deps: InquiriesDeps) {
  const { db, config, pricing, slots, siteFacts, bookingOpen, removeVisitsOf } = deps;
  const store = inquiriesStore(db);
  // The facts in force when the request comes (the owner may have edited them in the hub since start).

  /** A phone lead typed in by the owner: any time, any status, no notification. */
  async function createLead(body: unknown): Promise<Inquiry> {
    const b = parse(adminInquiryInput, body);
    return store.create({ ...toValues(b, b.status), accessNotes: b.access_notes });
  }

  /** A visitor's booking request: refused while the form is closed; mails the owner and the visitor. */
  async function createBooking(body: unknown): Promise<Inquiry> {
    const { package: chosen, quote: choices, requested_start, ...b } = parse(bookingRequestInput, body);
    if (!(await bookingOpen())) throw new ConflictError(closedMessage(await siteFacts()));
    // Priced again from the owner's table (a 400 before anything is stored when it cannot be priced).
    const quote = choices ? { ...choices, ...(await pricing.quoteForBooking(choices)) } : null;
    // The visit the request asks for: as long, as often and at the amount the quote says; without a quote the
    // owner's default length, once.
    const rules = await slots.rulesInForce();
    const held = requested_start
      ? slots.prepare(
          requested_start,
          {
            minutes: quote?.duration_minutes ?? null,
            frequency: quote?.frequency ?? 'one_time',
            amount: quote?.amount ?? 0,
          },
          rules,
        )
      : null;
    if (chosen) b.description = [`Package: ${chosen}`, b.description].filter(Boolean).join('\n\n');
    const owner = await ownerAddress(db, config);
    // Read before the transaction: on the embedded database a read outside it would wait for it to end.
    const facts = { ...config, site: await siteFacts() };
    // The inquiry and its mails commit together: a mail is never lost, and never sent for a lost inquiry.
    const inquiry = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      await slots.admit(txDb, { email: b.email, phone: b.phone_number }, rules);
      const created = await inquiriesStore(txDb).create({
        ...toValues(b, 'New Inquiry'),
        quote,
        heardFrom: b.heard_from,
        utmSource: b.utm_source,
        utmMedium: b.utm_medium,
        utmCampaign: b.utm_campaign,
        referrer: b.referrer,
      });
      // Under the booking lock until commit: of twenty requests for one time, one holds it, the others get 409.
      if (held) await slots.claim(txDb, created.id, held);
      const mail = acknowledgementMail(created, facts);
      const ack = mail && (await mayAcknowledge(txDb, mail.to, config.acknowledgementsPerDay)) ? mail : null;
      await enqueueMails(txDb, [
        ...(owner ? [newInquiryMail(created, owner, config, held ?? undefined)] : []),
        ...(ack ? [ack] : []),
      ]);
      await enqueuePush(txDb, bookingNotice(created, config.timezone, held?.start.toISOString() ?? null));
      return created;
    });
    // The owner's private notes are never part of a visitor's answer (they are always empty here anyway).
    const { access_notes: _private, ...answer } = inquiry;
    return answer;
  }

  return {
    /** POST /api/inquiries: which schema applies depends on who asks. */
    create: (user: { role: string } | null, body: unknown) =>
      isAdmin(user) ? createLead(body) : createBooking(body),

    list(query: z.output<typeof inquiryQuery>) {
      const { name, phone_number, status } = query;
      return store.list({ name, phone_number, status }, paging(query));
    },

    async update(id: number, b: z.output<typeof inquiryPatch>, version?: string): Promise<Inquiry> {
      // Only the fields sent change (absent ones are undefined, which the update skips).
      const inquiry = await store.update(
        id,
        {
          name: b.name,
          email: b.email,
          phoneNumber: b.phone_number,
          callOrText: b.call_or_text,
          description: b.description,
          status: b.status,
          streetAddress: b.street_address,
          zip: b.zip,
          accessNotes: b.access_notes,
        },
        version,
        STALE,
      );
      if (!inquiry) throw new NotFoundError(NOT_FOUND);
      return inquiry;
    },

    /** Refused (409) while records depend on it, unless the owner confirmed deleting everything. */
    remove(id: number, query: z.output<typeof withDependantsQuery>, version?: string): Promise<void> {
      // Someone attaching a record to this inquiry while it is deleted gets a 409 too.
      return deleting('This inquiry changed while deleting it. Please try again.', () =>
        store.remove(
          id,
          query.with_dependants,
          {
            notFound: NOT_FOUND,
            refused: (d) =>
              `This inquiry has ${d.oneTimeCleanings} one-time cleaning(s) and ${d.recurringPayments} recurring schedule(s). Delete them first, or confirm deleting everything.`,
            stale: STALE,
          },
          removeVisitsOf,
          version,
        ),
      );
    },
  };
}
