import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepAnswer } from '../src/lib/keepAnswer';

/** A read whose answer the test releases when it likes. */
function deferredRead() {
  const pending: ((value: string) => void)[] = [];
  const queryFn = () => new Promise<string>((resolve) => pending.push(resolve));
  return { queryFn, release: (value: string) => pending.shift()?.(value) };
}

describe('keepAnswer', () => {
  it('a read that began before the write cannot overwrite the write’s answer when it lands later', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['feed'];
    const read = deferredRead();
    const observer = new QueryObserver(client, { queryKey: key, queryFn: read.queryFn });
    const unsubscribe = observer.subscribe(() => {});
    read.release('first');
    await expect.poll(() => client.getQueryData(key)).toBe('first');

    const again = client.refetchQueries({ queryKey: key });
    await keepAnswer(client, key, 'after the write');
    read.release('old, read before the write');
    await again;
    expect(client.getQueryData(key)).toBe('after the write');
    unsubscribe();
  });

  it('without it the late read wins: the case it guards against is real', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['feed'];
    const read = deferredRead();
    const observer = new QueryObserver(client, { queryKey: key, queryFn: read.queryFn });
    const unsubscribe = observer.subscribe(() => {});
    read.release('first');
    await expect.poll(() => client.getQueryData(key)).toBe('first');

    const again = client.refetchQueries({ queryKey: key });
    client.setQueryData(key, 'after the write');
    read.release('old, read before the write');
    await again;
    expect(client.getQueryData(key)).toBe('old, read before the write');
    unsubscribe();
  });
});
