import type { agendaQuery } from '@clean/shared';
import type { z } from 'zod';
import { ValidationError } from '../../lib/errors';
import { instantIn } from '../../lib/wall-time';
import type { AgendaStore } from './store';

export type AgendaDeps = { store: AgendaStore; timezone: string };

/** The calendar's events between two inclusive ends; a value without an offset is business wall time. */
export function agendaService({ store, timezone }: AgendaDeps) {
  const at = (value: string | undefined, label: string) =>
    value === undefined ? undefined : instantIn(value, timezone, `query ${label}`);

  return {
    summary(query: z.output<typeof agendaQuery>) {
      const from = at(query.from, 'from');
      const to = at(query.to, 'to');
      if (from && to && from > to) throw new ValidationError('query from must not be after to.');
      // Bounded, as the calendar always asks: a day at a time, at most AGENDA_DAY_LIMIT of each.
      if (from && to) return store.bounded(from, to, timezone);
      return store.summary({ from, to });
    },
  };
}
