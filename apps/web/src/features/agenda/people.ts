import type { AgendaEvent } from './events';

/** Who cleans a calendar event's visit; null: nobody assigned (or a paid record, a request: no visit of anyone's). */
export type Person = { id: number; name: string };

export function personOf({ detail }: AgendaEvent): Person | null {
  const visit = detail.kind === 'one-time' ? detail.visit : detail.kind === 'visit' ? detail.item : undefined;
  return visit?.cleaner_id != null
    ? { id: visit.cleaner_id, name: visit.cleaner_name ?? `#${visit.cleaner_id}` }
    : null;
}

/** One colour per person (by id, so it stays as people come and go), each dark enough on white and on the events. */
const PALETTE = ['#b91c1c', '#1d4ed8', '#047857', '#7c3aed', '#c2410c', '#0e7490', '#be185d', '#4d7c0f'];
export const personColor = (id: number) => PALETTE[id % PALETTE.length] ?? '#44403c';

/** Everyone who cleans one of these events, by name. */
export function peopleOf(events: AgendaEvent[]): Person[] {
  const seen = new Map<number, Person>();
  for (const event of events) {
    const person = personOf(event);
    if (person) seen.set(person.id, person);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The filter's value: everyone, nobody assigned, or one person's id. */
export type PersonFilter = 'all' | 'none' | number;

export function byPerson(events: AgendaEvent[], filter: PersonFilter): AgendaEvent[] {
  if (filter === 'all') return events;
  return events.filter((e) => (filter === 'none' ? personOf(e) === null : personOf(e)?.id === filter));
}
