import type { CustomerConfirmView, Visit } from '@clean/shared';

const formats = new Map<string, Intl.DateTimeFormat[]>();
/** "Tue, Mar 9 at 9:00 AM" in the business zone: short enough for a question. */
function shortWhen(at: Date, timeZone: string): string {
  let pair = formats.get(timeZone);
  if (!pair) {
    pair = [
      new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }),
      new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }),
    ];
    formats.set(timeZone, pair);
  }
  return `${pair[0]?.format(at)} at ${pair[1]?.format(at)}`;
}

/**
 * The question the page asks before a skip or a cancel acts (docs/product.md#the-customers-link): null when the
 * visit is not on the page (the post then changes nothing and the page shows as it is).
 */
export function confirmView(
  asked: { key: string; action: 'skip' | 'cancel' } | undefined,
  visits: Visit[],
  timeZone: string,
): CustomerConfirmView | null {
  const visit = asked && visits.find((v) => v.key === asked.key);
  if (!asked || !visit) return null;
  const verb = asked.action === 'skip' ? 'Skip' : 'Cancel';
  return {
    key: visit.key,
    action: asked.action,
    question: `${verb} your cleaning on ${shortWhen(new Date(visit.start), timeZone)}?`,
    version: visit.version,
  };
}
