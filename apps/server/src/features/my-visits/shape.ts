import {
  formatAddress,
  type InquiryQuote,
  type MyVisit,
  mapLink,
  toWallTime,
  type Visit,
  type VisitChecklistItem,
  wallInstant,
} from '@clean/shared';

/** "Maria G.": a first name and the last name's initial, all a cleaner is told of who the customer is. */
export function firstNameLastInitial(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${first} ${[...last][0]?.toUpperCase()}.` : first;
}

/**
 * The extras a quote asked for, by name: its lines are the package, then a line per extra room kind, then one per
 * extra, in the order of its `extras` (packages/shared/src/pricing/quote.ts), then discounts.
 */
export function quotedExtras(quote: InquiryQuote | null | undefined): string[] {
  if (!quote || quote.extras.length === 0) return [];
  const rooms = quote.lines.filter((l) => /^\d+ more (bedroom|bathroom)s?$/.test(l.label)).length;
  return quote.lines.slice(1 + rooms, 1 + rooms + quote.extras.length).map((l) => l.label);
}

/**
 * Whether the access notes show at `now`: from the start of the business day before the visit's until the visit
 * ends (the owner's private notes, shown only when the cleaner needs them).
 */
export function accessNotesShown(visit: Pick<Visit, 'start' | 'end'>, now: Date, timeZone: string): boolean {
  const [y, m, d] = toWallTime(visit.start, timeZone).slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const dayBefore = wallInstant(Date.UTC(y, m - 1, d - 1), timeZone).at;
  return now >= dayBefore && now < new Date(visit.end);
}

/** A visit as its cleaner reads it: nothing else of the customer, no prices. */
export function myVisit(
  v: Visit,
  context: {
    quote: InquiryQuote | null | undefined;
    checklist: VisitChecklistItem[];
    region: string;
    now: Date;
    timeZone: string;
  },
): MyVisit {
  const address = formatAddress(v, context.region);
  return {
    key: v.key,
    start: v.start,
    end: v.end,
    first_name_last_initial: firstNameLastInitial(v.inquiry_name),
    address,
    map_url: address ? mapLink(address) : null,
    phone_number: v.phone_number,
    package: context.quote?.lines[0]?.label ?? null,
    extras: quotedExtras(context.quote),
    access_notes: accessNotesShown(v, context.now, context.timeZone) ? v.access_notes : null,
    checklist: context.checklist,
    status: v.status,
    version: v.version,
  };
}
