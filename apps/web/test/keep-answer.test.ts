import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepAnswer } from '../src/lib/keepAnswer';

/**
 * A query read once ('first'), then read again; while that second read is in flight a write answers, stored by
 * `store`; then the second read lands with the record as it was before the write. Gives what the query holds after.
 */
async function lateReadAfter(store: (client: QueryClient, key: string[], answer: string) => unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = ['feed'];
  const pending: ((value: string) => void)[] = [];
  const queryFn = () => new Promise<string>((resolve) => pending.push(resolve));
  const unsubscribe = new QueryObserver(client, { queryKey: key, queryFn }).subscribe(() => {});
  pending.shift()?.('first');
  await expect.poll(() => client.getQueryData(key)).toBe('first');

  const again = client.refetchQueries({ queryKey: key });
  await store(client, key, 'after the write');
  pending.shift()?.('old, read before the write');
  await again;
  unsubscribe();
  return client.getQueryData(key);
}

describe('keepAnswer', () => {
  it('a read that began before the write cannot overwrite the write’s answer when it lands later', async () => {
    expect(await lateReadAfter(keepAnswer)).toBe('after the write');
  });

  it('without it the late read wins: the case it guards against is real', async () => {
    const plainSet = (client: QueryClient, key: string[], answer: string) => client.setQueryData(key, answer);
    expect(await lateReadAfter(plainSet)).toBe('old, read before the write');
  });
});
