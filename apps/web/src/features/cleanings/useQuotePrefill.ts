import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { inquiryQueryOptions } from '../inquiries/api';

type Fill = { amount: string; minutes: string };

/**
 * The chosen request's quote fills the amount and the length (to 2 decimals, in minutes). A field the owner typed
 * in is left alone: only a blank, or what the last chosen request filled, is replaced.
 */
export function useQuotePrefill(
  inquiry: SearchOption | null,
  current: () => Fill,
  fill: (values: Fill) => void,
) {
  const request = useQuery({
    ...inquiryQueryOptions(inquiry?.value ?? 0, inquiry?.label ?? ''),
    enabled: inquiry !== null,
  });
  const last = useRef<Fill>({ amount: '', minutes: '' });
  const quote = request.data?.quote;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a quote arrives, not on every render's callbacks
  useEffect(() => {
    if (!quote) return;
    const now = current();
    const next = {
      amount: now.amount === last.current.amount ? quote.amount.toFixed(2) : now.amount,
      minutes: now.minutes === last.current.minutes ? String(quote.duration_minutes) : now.minutes,
    };
    last.current = next;
    fill(next);
  }, [quote]);
}
