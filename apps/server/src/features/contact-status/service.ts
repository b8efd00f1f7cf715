import type { ContactStatus, contactStatusInput } from '@clean/shared';
import type { z } from 'zod';
import { ValidationError } from '../../lib/errors';
import { instantIn } from '../../lib/wall-time';
import type { ContactStatusStore } from './store';

/** The original words while the booking form is closed: POST /api/inquiries and GET /api/slots answer them (409). */
export const closedMessage = ({ phone, email }: { phone: string; email: string }) =>
  `We're not taking new booking requests right now. Please call or e-mail us instead. Phone: ${phone}, e-mail: ${email}.`;

export type ContactStatusDeps = { store: ContactStatusStore; timezone: string };

/** The booking form's open/closed switch; a closing may name when it reopens, which must lie ahead. */
export function contactStatusService({ store, timezone }: ContactStatusDeps) {
  return {
    /** The public answer for the server's cache; closed until a date, it expires then. */
    async cacheEntry() {
      const body = await store.get();
      const reopens = !body.is_open && body.reopens_at ? Date.parse(body.reopens_at) : undefined;
      return { value: { body }, expiresAt: reopens };
    },

    set({ is_open, reopens_at, message }: z.output<typeof contactStatusInput>): Promise<ContactStatus> {
      const reopensAt = reopens_at ? instantIn(reopens_at, timezone, 'reopens_at') : null;
      if (!is_open && reopensAt && reopensAt <= new Date())
        throw new ValidationError('reopens_at must be in the future.');
      return store.set(is_open, reopensAt, message);
    },
  };
}
