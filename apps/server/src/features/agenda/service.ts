import { type agendaQuery, toInstant } from '@clean/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { agendaStore } from './store';

export type AgendaDeps = { db: Db; timezone: string };

/** The calendar's events between two inclusive ends; a value without an offset is business wall time. */
export function agendaService({ db, timezone }: AgendaDeps) {
  const store = agendaStore(db);
  const at = (value: string | undefined) => (value === undefined ? undefined : toInstant(value, timezone));

  return {
    summary(query: z.output<typeof agendaQuery>) {
      const from = at(query.from);
      const to = at(query.to);
      if (from && to && from > to) throw new ValidationError('query from must not be after to.');
      return store.summary({ from, to });
    },
  };
}
