import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/client';
import { createPublicCache, MAX_ENTRIES } from '../../src/lib/public-cache';
import { freePort } from '../support/child';

const silent = { warn() {}, error() {} } as unknown as Parameters<typeof createPublicCache>[0];

/** What the server's fast path asks the cache: it may only answer what lookupJson hands it. */
describe('the public cache as the fast path sees it (lookupJson)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands out an entry until it expires, then nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = createPublicCache(silent);
    const expiresAt = Date.now() + 1000;
    await cache.get('json /api/contact-status', async () => ({ value: 'open', expiresAt }));
    expect(cache.lookupJson('/api/contact-status')).toBe('open');
    expect(cache.lookupJson('/api/contact-status?x=1')).toBeUndefined();
    vi.setSystemTime(expiresAt);
    expect(cache.lookupJson('/api/contact-status')).toBeUndefined();
  });

  it('hands out nothing after a write, nor while it cannot LISTEN for other servers', async () => {
    const cache = createPublicCache(silent);
    await cache.get('json /api/packages', async () => ({ value: 'list' }));
    expect(cache.lookupJson('/api/packages')).toBe('list');
    await cache.invalidate();
    expect(cache.lookupJson('/api/packages')).toBeUndefined();
    await cache.get('json /api/packages', async () => ({ value: 'list' }));
    // No PostgreSQL listens on this port: the LISTEN connection fails, and the cache is not trusted.
    const closedPort = await freePort();
    await expect(cache.connect({} as Db, `postgres://u:p@127.0.0.1:${closedPort}/none`)).rejects.toThrow();
    try {
      await cache.get('json /api/packages', async () => ({ value: 'list' }));
      expect(cache.lookupJson('/api/packages')).toBeUndefined();
      expect(cache.size).toBe(0);
    } finally {
      await cache.close();
    }
  });

  it('keeps what is read often when full: the least recently used entry goes', async () => {
    const cache = createPublicCache(silent);
    await cache.get('json /api/packages', async () => ({ value: 'list' }));
    await cache.get('json /api/gallery?seed=1', async () => ({ value: 'one visit' }));
    // A crowd of other visits' orders, while everyone keeps reading the packages.
    for (let seed = 2; seed <= MAX_ENTRIES * 2; seed++) {
      await cache.get(`json /api/gallery?seed=${seed}`, async () => ({ value: seed }));
      expect(cache.lookupJson('/api/packages')).toBe('list');
    }
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.lookupJson('/api/gallery?seed=1')).toBeUndefined();
    expect(cache.lookupJson(`/api/gallery?seed=${MAX_ENTRIES * 2}`)).toBe(MAX_ENTRIES * 2);
  });
});
