import { formatMoney, type PayKind, type TeamMember } from '@clean/shared';

export const PAY_KIND_LABELS: Record<PayKind, string> = { hourly: 'Hourly', per_visit: 'Per visit' };

/** "$22.50 an hour", "$65.00 a visit", or "—" for the owner. */
export function payText(pay: TeamMember['pay']): string {
  if (!pay) return '—';
  return `${formatMoney(pay.amount)} ${pay.kind === 'hourly' ? 'an hour' : 'a visit'}`;
}

/** What the pay fields of a form hold (inputs give strings). */
export type PayFields = { payKind: PayKind; payAmount: string };
