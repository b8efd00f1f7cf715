import { REVIEW_COMMENT_MAX, TOTAL_COUNT_HEADER } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews } from '../../src/db/schema';
import { type Method, useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

const t = useTestApp();

type Review = {
  id: number;
  reviewer_name: string;
  rating: number;
  comment: string;
  photo_url: string | null;
  status: 'pending' | 'approved';
  created_at: string;
};
const count = () => t.db.$count(reviews);
const publicIds = async () => (await t.anonymous('GET', '/api/reviews')).json<Review[]>().map((r) => r.id);
const pendingIds = async () =>
  (await t.asAdmin('GET', '/api/reviews/pending')).json<Review[]>().map((r) => r.id);
const good = {
  reviewer_name: 'Alice B.',
  rating: 5,
  comment: 'Spotless and friendly.',
  photo_url: 'https://images.example.com/alice.jpg',
};
async function submit(body: object = good, token?: string) {
  const res = await t.injectAs(token)('POST', '/api/reviews', body);
  expect(res.statusCode).toBe(201);
  return res.json<Review & { message: string }>();
}
const rowOf = async (id: number) => (await t.db.select().from(reviews).where(eq(reviews.id, id)))[0];

describe('a visitor’s review is moderated', () => {
  it('is stored pending, hidden from the public list, queued, then public once approved', async () => {
    const res = await t.anonymous('POST', '/api/reviews', good);
    expect(res.statusCode).toBe(201);
    const review = res.json<Review & { message: string }>();
    expect(review).toEqual({
      id: expect.any(Number),
      ...good,
      status: 'pending',
      verified: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      message: 'Thank you! Your review will appear once approved.',
    });
    expect(Math.abs(Date.parse(review.created_at) - Date.now())).toBeLessThan(60_000);

    expect(await publicIds()).not.toContain(review.id);
    expect(await pendingIds()).toContain(review.id);

    const approved = await t.asAdmin('PATCH', `/api/reviews/${review.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: review.id, status: 'approved' });

    expect(await publicIds()).toContain(review.id);
    expect(await pendingIds()).not.toContain(review.id);
    const listed = (await t.anonymous('GET', '/api/reviews'))
      .json<Review[]>()
      .find((r) => r.id === review.id);
    expect(listed).toEqual({ ...review, status: 'approved', message: undefined });

    // Approving again is harmless.
    const again = await t.asAdmin('PATCH', `/api/reviews/${review.id}/approve`);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('approved');
  });

  it('a forged or expired token is just a visitor: still pending, not refused', async () => {
    const review = await submit({ ...good, reviewer_name: 'Sneaky' }, t.forged);
    expect(review.status).toBe('pending');
    expect(await publicIds()).not.toContain(review.id);
  });

  it('the owner’s own review is published at once', async () => {
    const review = await submit({ ...good, reviewer_name: 'The Owner' }, t.token);
    expect(review.status).toBe('approved');
    expect(review.message).not.toMatch(/once approved/);
    expect(await publicIds()).toContain(review.id);
  });

  it('accepts the smallest review: a name and a rating', async () => {
    const review = await submit({ reviewer_name: 'Bo', rating: 1 });
    expect(review).toMatchObject({ reviewer_name: 'Bo', rating: 1, comment: '', photo_url: null });
    const withEmpties = await submit({ reviewer_name: 'Cy', rating: 3, comment: '', photo_url: '' });
    expect(withEmpties).toMatchObject({ comment: '', photo_url: null });
  });

  it(`accepts a comment of exactly ${REVIEW_COMMENT_MAX} characters`, async () => {
    const review = await submit({ ...good, comment: 'c'.repeat(REVIEW_COMMENT_MAX) });
    expect(review.comment).toHaveLength(REVIEW_COMMENT_MAX);
  });
});

describe('review validation (create and edit)', () => {
  const bad: [string, object, RegExp][] = [
    ['rating 0', { ...good, rating: 0 }, /rating/i],
    ['rating 6', { ...good, rating: 6 }, /rating/i],
    ['rating 2.5', { ...good, rating: 2.5 }, /rating/i],
    ['rating "5" as text', { ...good, rating: '5' }, /rating/i],
    ['rating missing', { ...good, rating: undefined }, /rating/i],
    [`a comment of ${REVIEW_COMMENT_MAX + 1} characters`, { ...good, comment: 'c'.repeat(501) }, /comment/i],
    ['reviewer_name blank', { ...good, reviewer_name: '   ' }, /name/i],
    ['reviewer_name missing', { ...good, reviewer_name: undefined }, /name/i],
    ['photo_url ftp:', { ...good, photo_url: 'ftp://files.example.com/a.jpg' }, /photo url/i],
    ['photo_url javascript:', { ...good, photo_url: 'javascript:alert(1)' }, /photo url/i],
    ['photo_url not a URL', { ...good, photo_url: 'my photo' }, /photo url/i],
    ['photo_url http:', { ...good, photo_url: 'http://images.example.com/a.jpg' }, /photo url/i],
    ['photo_url //host', { ...good, photo_url: '//images.example.com/a.jpg' }, /photo url/i],
    ['photo_url /\\host', { ...good, photo_url: '/\\images.example.com/a.jpg' }, /photo url/i],
  ];

  it.each(bad)('POST refuses %s with 400 naming the field, storing nothing', async (_name, body, error) => {
    await expectRefused(count, { status: 400, error }, () => t.anonymous('POST', '/api/reviews', body));
  });

  it.each(bad)('PUT and PATCH refuse %s with 400, changing nothing', async (_name, body, error) => {
    const review = await submit();
    await expectRefused(
      () => rowOf(review.id),
      { status: 400, error },
      () => t.asAdmin('PUT', `/api/reviews/${review.id}`, body),
      () => t.asAdmin('PATCH', `/api/reviews/${review.id}`, body),
    );
  });
});

describe('editing and deleting (admin)', () => {
  it.each(['PUT', 'PATCH'] as const)('%s replaces the fields and keeps the status', async (method) => {
    const review = await submit();
    const next = { reviewer_name: 'Alice Baker', rating: 4, comment: 'Edited.', photo_url: null };
    const res = await t.asAdmin(method, `/api/reviews/${review.id}`, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...next,
      id: review.id,
      status: 'pending',
      verified: false,
      created_at: review.created_at,
    });
    expect(await rowOf(review.id)).toMatchObject({ reviewerName: 'Alice Baker', rating: 4, photoUrl: null });
  });

  it('deletes a review, pending or approved', async () => {
    const pending = await submit();
    const published = await submit(good, t.token);
    for (const id of [pending.id, published.id]) {
      const res = await t.asAdmin('DELETE', `/api/reviews/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(await rowOf(id)).toBeUndefined();
    }
    expect(await publicIds()).not.toContain(published.id);
    expect(await pendingIds()).not.toContain(pending.id);
  });

  it('answers 404 for unknown ids and 400 for malformed ones, changing nothing', async () => {
    const before = await t.db.select().from(reviews);
    const attempts: [Method, string, object | undefined][] = [
      ['PUT', '/api/reviews/ID', good],
      ['PATCH', '/api/reviews/ID', good],
      ['PATCH', '/api/reviews/ID/approve', undefined],
      ['DELETE', '/api/reviews/ID', undefined],
    ];
    for (const [method, url, body] of attempts) {
      const unknown = await t.asAdmin(method, url.replace('ID', '999999'), body);
      expect(unknown.statusCode, `${method} ${url}`).toBe(404);
      expect(unknown.json().error).toMatch(/no review/i);
      for (const bad of ['abc', '-1', '0']) {
        const res = await t.asAdmin(method, url.replace('ID', bad), body);
        expect(res.statusCode, `${method} ${url} ${bad}`).toBe(400);
        expect(res.json().error).toMatch(/id/);
      }
    }
    expect(await t.db.select().from(reviews)).toEqual(before);
  });

  it('approves with an empty JSON body or none at all', async () => {
    const a = await submit();
    const b = await submit();
    const withObject = await t.asAdmin('PATCH', `/api/reviews/${a.id}/approve`, {});
    expect(withObject.statusCode).toBe(200);
    const bare = await t.asAdmin('PATCH', `/api/reviews/${b.id}/approve`, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.statusCode).toBe(200);
    expect((await rowOf(a.id))?.status).toBe('approved');
    expect((await rowOf(b.id))?.status).toBe('approved');
    // A route that needs a body still refuses an empty one.
    const before = await count();
    const emptyPost = await t.anonymous('POST', '/api/reviews', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyPost.statusCode).toBe(400);
    expect(emptyPost.json().error).toMatch(/JSON/);
    expect(await count()).toBe(before);
  });
});

describe('lists', () => {
  async function reset() {
    await t.db.delete(reviews);
  }
  const at = (id: number, iso: string) =>
    t.db
      .update(reviews)
      .set({ createdAt: new Date(iso) })
      .where(eq(reviews.id, id));

  it('shows approved reviews newest first, and the pending queue oldest first', async () => {
    await reset();
    const [a1, a2, a3] = [
      await submit(good, t.token),
      await submit(good, t.token),
      await submit(good, t.token),
    ];
    const [p1, p2] = [await submit(), await submit()];
    await at(a1.id, '2025-03-01T12:00:00Z');
    await at(a2.id, '2025-01-01T12:00:00Z');
    await at(a3.id, '2025-02-01T12:00:00Z');
    await at(p1.id, '2025-05-01T12:00:00Z');
    await at(p2.id, '2025-04-01T12:00:00Z');
    expect(await publicIds()).toEqual([a1.id, a3.id, a2.id]);
    expect(await pendingIds()).toEqual([p2.id, p1.id]);
    const listed = (await t.anonymous('GET', '/api/reviews')).json<Review[]>();
    expect(listed[0]?.created_at).toBe('2025-03-01T12:00:00.000Z');
  });

  it('pages with ?page=&limit= and counts only approved reviews in X-Total-Count', async () => {
    await reset();
    for (let i = 0; i < 14; i++) await submit({ ...good, reviewer_name: `R${i}` }, t.token);
    for (let i = 0; i < 3; i++) await submit();
    const all = await publicIds();
    expect(all).toHaveLength(14);

    const page1 = await t.anonymous('GET', '/api/reviews?page=1&limit=12');
    expect(page1.headers[TOTAL_COUNT_HEADER]).toBe('14');
    expect(page1.json<Review[]>().map((r) => r.id)).toEqual(all.slice(0, 12));
    const page2 = await t.anonymous('GET', '/api/reviews?page=2&limit=12');
    expect(page2.headers[TOTAL_COUNT_HEADER]).toBe('14');
    expect(page2.json<Review[]>().map((r) => r.id)).toEqual(all.slice(12));

    const pending = await t.asAdmin('GET', '/api/reviews/pending?page=1&limit=2');
    expect(pending.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(pending.json()).toHaveLength(2);

    expect((await t.anonymous('GET', '/api/reviews?page=0')).statusCode).toBe(400);
    expect((await t.anonymous('GET', '/api/reviews?limit=1000')).statusCode).toBe(400);
  });
});

describe('moderation is the admin’s alone', () => {
  it.each(NOT_ADMIN)(
    'refuses the pending list, edit, approve and delete with %s (401), changing nothing',
    async (_n, tokenOf) => {
      const review = await submit();
      const as = t.injectAs(tokenOf(t));
      const attempts = await expectRefused(
        () => t.db.select().from(reviews),
        { status: 401 },
        () => as('GET', '/api/reviews/pending'),
        () => as('PUT', `/api/reviews/${review.id}`, { ...good, comment: 'hacked' }),
        () => as('PATCH', `/api/reviews/${review.id}`, { ...good, comment: 'hacked' }),
        () => as('PATCH', `/api/reviews/${review.id}/approve`),
        () => as('DELETE', `/api/reviews/${review.id}`),
      );
      for (const res of attempts) expect(res.body).not.toContain('Alice');
    },
  );
});
