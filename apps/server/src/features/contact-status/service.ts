import { type ContactStatus, type contactStatusInput, toInstant } from '@clean/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { contactStatusStore } from './store';

export type ContactStatusDeps = { db: Db; timezone: string };

/** The booking form's open/closed switch; a closing may name when it reopens, which must lie ahead. */
export function contactStatusService({ db, timezone }: ContactStatusDeps) {
  const store = contactStatusStore(db);
  return {
    get: () => store.get(),

    set({ is_open, reopens_at, message }: z.output<typeof contactStatusInput>): Promise<ContactStatus> {
      const reopensAt = reopens_at ? toInstant(reopens_at, timezone) : null;
      if (!is_open && reopensAt && reopensAt <= new Date())
        throw new ValidationError('reopens_at must be in the future.');
      return store.set(is_open, reopensAt, message);
    },
  };
}
