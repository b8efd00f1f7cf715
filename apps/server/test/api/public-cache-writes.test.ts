import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addPackage, booking } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp();

/**
 * Which writes empty the public cache, told by counting the renders of `/` (the loads the cache runs for its
 * entry): a second `GET /` renders again only when something emptied the cache in between. Timing-free.
 */
describe('the public cache survives what changed no public content', () => {
  let renders = 0;
  beforeEach(async () => {
    const original = t.app.publicCache.get;
    vi.spyOn(t.app.publicCache, 'get').mockImplementation((key, load) => {
      if (!key.startsWith('html /?')) return original(key, load);
      return original(key, () => {
        renders++;
        return load();
      });
    });
    await t.app.publicCache.invalidate();
    renders = 0;
    expect((await t.anonymous('GET', '/')).statusCode).toBe(200);
    expect(renders, 'the first GET / renders').toBe(1);
  });
  afterEach(() => vi.restoreAllMocks());

  /** Renders of `/` a GET after `write` costs: 0 when its cache entry survived, 1 when it was emptied. */
  async function rendersAfter(write: () => Promise<{ statusCode: number }>, status: number) {
    expect((await write()).statusCode).toBe(status);
    const before = renders;
    expect((await t.anonymous('GET', '/')).statusCode).toBe(200);
    return renders - before;
  }

  it.each([
    ['a POST to no route (404)', () => t.anonymous('POST', '/nope', {}), 404],
    ['a package delete without a token (401)', () => t.anonymous('DELETE', '/api/packages/1'), 401],
    [
      'a package edit of no package (404)',
      () =>
        t.asAdmin('PUT', '/api/packages/999999', {
          title: 'Ghost',
          amount: 1,
          image_url: '/demo/pkg-deep.svg',
          description: '',
        }),
      404,
    ],
    ['a package with bad input (400)', () => t.asAdmin('POST', '/api/packages', { title: '' }), 400],
    [
      'a booking switch with bad input (400)',
      () => t.asAdmin('PATCH', '/api/contact-status', { is_open: 'x' }),
      400,
    ],
  ])('%s leaves the entry of / in place', async (_what, write, status) => {
    expect(await rendersAfter(write, status)).toBe(0);
  });

  it('a booking (not public content) leaves it in place', async () => {
    expect(await rendersAfter(() => t.anonymous('POST', '/api/inquiries', booking), 201)).toBe(0);
  });

  it("a visitor's review (pending, unseen) leaves it in place; the owner's own (published) empties it", async () => {
    const review = { reviewer_name: 'Ada', rating: 5, comment: 'Spotless, thank you.' };
    expect(await rendersAfter(() => t.anonymous('POST', '/api/reviews', review), 201)).toBe(0);
    expect(await rendersAfter(() => t.asAdmin('POST', '/api/reviews', review), 201)).toBe(1);
  });

  it('a successful package edit empties it', async () => {
    expect(await rendersAfter(() => addPackage(t, 'Shown at once'), 201)).toBe(1);
    const page = await t.anonymous('GET', '/packages');
    expect(page.body).toContain('Shown at once');
  });

  it('switching the booking form empties it', async () => {
    expect(await rendersAfter(() => t.asAdmin('PATCH', '/api/contact-status', { is_open: false }), 200)).toBe(
      1,
    );
    await t.asAdmin('PATCH', '/api/contact-status', { is_open: true });
  });
});
