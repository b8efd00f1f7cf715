import { TOTAL_COUNT_HEADER } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryPhotos } from '../../src/db/schema';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

const t = useTestApp();

type Photo = {
  id: number;
  image_url: string;
  caption: string | null;
  category: string;
  photo_type: string | null;
};
const count = () => t.db.$count(galleryPhotos);
const list = async (query = '') => {
  const res = await t.anonymous('GET', `/api/gallery${query}`);
  expect(res.statusCode).toBe(200);
  return { items: res.json<Photo[]>(), total: Number(res.headers[TOTAL_COUNT_HEADER]) };
};
const good = {
  image_url: 'https://images.example.com/kitchen-1.jpg',
  caption: 'Shiny counters',
  category: 'Kitchen',
  photo_type: 'After',
};
async function upload(body: object = good) {
  const res = await t.asAdmin('POST', '/api/gallery/upload', body);
  expect(res.statusCode).toBe(201);
  return res.json<Photo>();
}
async function emptyGallery() {
  await t.db.delete(galleryPhotos);
}

describe('POST /api/gallery/upload', () => {
  it('stores the photo and answers 201 with it', async () => {
    const res = await t.asAdmin('POST', '/api/gallery/upload', good);
    expect(res.statusCode).toBe(201);
    const photo = res.json<Photo>();
    expect(photo).toEqual({ id: expect.any(Number), ...good });
    expect((await list()).items).toContainEqual(photo);
  });

  it.each([
    ['an empty category', { category: '' }],
    ['no category', { category: undefined }],
    ['a null category', { category: null }],
  ])('files a photo with %s under Uncategorized', async (_name, change) => {
    const photo = await upload({ ...good, ...change });
    expect(photo.category).toBe('Uncategorized');
  });

  it('keeps caption and photo type optional (stored as null)', async () => {
    const photo = await upload({ image_url: good.image_url, caption: '', category: 'Office' });
    expect(photo).toMatchObject({ caption: null, photo_type: null, category: 'Office' });
  });

  it('accepts every category of the upload list', async () => {
    for (const category of [
      'Kitchen',
      'Bathroom',
      'Carpets',
      'Before/After',
      'MovingDay',
      'Garage',
      'Tile/Grout',
      'Office',
      'Uncategorized',
    ]) {
      expect((await upload({ ...good, category })).category).toBe(category);
    }
  });

  it('accepts a path on this site, such as the demo photos', async () => {
    const photo = await upload({ ...good, image_url: '/demo/kitchen-1.jpg' });
    expect(photo.image_url).toBe('/demo/kitchen-1.jpg');
  });

  it.each([
    ['image_url missing', { ...good, image_url: undefined }, /image url/i],
    ['image_url empty', { ...good, image_url: '' }, /image url/i],
    ['image_url not a URL', { ...good, image_url: 'kitchen.jpg' }, /image url/i],
    ['image_url javascript:', { ...good, image_url: 'javascript:alert(document.cookie)' }, /image url/i],
    ['image_url ftp:', { ...good, image_url: 'ftp://files.example.com/a.jpg' }, /image url/i],
    ['image_url data:', { ...good, image_url: 'data:image/png;base64,AAAA' }, /image url/i],
    // The CSP only lets https: images load; a protocol-relative or backslash path leaves the site.
    ['image_url http:', { ...good, image_url: 'http://images.example.com/a.jpg' }, /image url/i],
    ['image_url //host', { ...good, image_url: '//images.example.com/a.jpg' }, /image url/i],
    ['image_url /\\host', { ...good, image_url: '/\\images.example.com/a.jpg' }, /image url/i],
    ['image_url with a space', { ...good, image_url: '/demo/a b.jpg' }, /image url/i],
    ['a category not in the list', { ...good, category: 'Bedroom' }, /category/i],
    ['a category in the wrong case', { ...good, category: 'kitchen' }, /category/i],
    ['a caption too long', { ...good, caption: 'x'.repeat(301) }, /caption/i],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, body, error) => {
    await expectRefused(count, { status: 400, error }, () => t.asAdmin('POST', '/api/gallery/upload', body));
  });
});

describe('GET /api/gallery', () => {
  it('is public and lists the newest photos first', async () => {
    await emptyGallery();
    const first = await upload({ ...good, caption: 'first' });
    const second = await upload({ ...good, caption: 'second' });
    const third = await upload({ ...good, caption: 'third' });
    // Make the ages unambiguous (rows created in one millisecond still come out newest id first).
    await t.db
      .update(galleryPhotos)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(galleryPhotos.id, second.id));
    const { items } = await list();
    expect(items.map((p) => p.caption)).toEqual([third.caption, first.caption, second.caption]);
  });

  it('filters by category: case-insensitive "contains", in the database', async () => {
    await emptyGallery();
    await upload({ ...good, category: 'Kitchen', caption: 'k1' });
    await upload({ ...good, category: 'Kitchen', caption: 'k2' });
    await upload({ ...good, category: 'Bathroom', caption: 'b1' });
    await upload({ ...good, category: 'Before/After', caption: 'ba1' });
    await upload({ ...good, category: 'Tile/Grout', caption: 't1' });

    const captions = async (q: string) =>
      (await list(`?category=${encodeURIComponent(q)}`)).items.map((p) => p.caption).sort();
    expect(await captions('kit')).toEqual(['k1', 'k2']);
    expect(await captions('KIT')).toEqual(['k1', 'k2']);
    expect(await captions('  kItChEn ')).toEqual(['k1', 'k2']);
    expect(await captions('ath')).toEqual(['b1']);
    expect(await captions('/')).toEqual(['ba1', 't1']);
    expect(await captions('garage')).toEqual([]);
    // The labels the site shows count too: 'Moving Day' is stored as MovingDay.
    await upload({ ...good, category: 'MovingDay', caption: 'm1' });
    expect(await captions('moving day')).toEqual(['m1']);
    expect(await captions('Moving')).toEqual(['m1']);
    expect(await captions('ing d')).toEqual(['m1']);
    // An empty filter means every photo.
    expect(await captions('')).toHaveLength(6);
  });

  it('takes % and _ literally, not as wildcards', async () => {
    await emptyGallery();
    await upload({ ...good, category: 'Kitchen', caption: 'plain' });
    // Categories from the upload list never hold these characters; older rows might.
    await t.db.insert(galleryPhotos).values([
      { imageUrl: good.image_url, category: '100% green', caption: 'percent' },
      { imageUrl: good.image_url, category: 'move_out', caption: 'underscore' },
    ]);
    const captions = async (q: string) =>
      (await list(`?category=${encodeURIComponent(q)}`)).items.map((p) => p.caption);
    expect(await captions('%')).toEqual(['percent']);
    expect(await captions('_')).toEqual(['underscore']);
    expect(await captions('k%n')).toEqual([]);
    expect(await captions('k_tchen')).toEqual([]);
  });

  it('pages with ?page=&limit= and reports the total in X-Total-Count', async () => {
    await emptyGallery();
    for (let i = 1; i <= 14; i++) {
      await upload({ ...good, category: i % 2 ? 'Kitchen' : 'Garage', caption: `p${i}` });
    }
    const all = (await list()).items.map((p) => p.id);
    expect(all).toHaveLength(14);

    const p1 = await list('?page=1&limit=12');
    expect(p1.total).toBe(14);
    expect(p1.items.map((p) => p.id)).toEqual(all.slice(0, 12));
    const p2 = await list('?page=2&limit=12');
    expect(p2.total).toBe(14);
    expect(p2.items.map((p) => p.id)).toEqual(all.slice(12));
    const beyond = await list('?page=9&limit=12');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(14);

    const kitchen = await list('?category=kitchen&page=1&limit=5');
    expect(kitchen.total).toBe(7);
    expect(kitchen.items).toHaveLength(5);
    expect(kitchen.items.every((p) => p.category === 'Kitchen')).toBe(true);
  });

  describe('with ?seed= (a visit’s shuffle, computed by the database)', () => {
    const PHOTOS = 40;
    let ids: number[] = [];
    beforeAll(async () => {
      await emptyGallery();
      const rows = await t.db
        .insert(galleryPhotos)
        .values(
          Array.from({ length: PHOTOS }, (_, i) => ({
            imageUrl: `/demo/p${i}.webp`,
            caption: `p${i}`,
            category: i % 4 ? 'Kitchen' : 'Garage',
          })),
        )
        .returning({ id: galleryPhotos.id });
      ids = rows.map((r) => r.id).sort((a, b) => a - b);
      // Written past the API: the public cache would still answer the earlier tests' lists.
      await t.app.publicCache.invalidate();
    });
    const idsOf = async (query: string) => (await list(query)).items.map((p) => p.id);
    /** Every page of `query` at `limit` a page, in order, with the total each reported. */
    async function allPages(query: string, limit: number) {
      const pages: number[][] = [];
      const totals = new Set<number>();
      for (let page = 1; ; page++) {
        const { items, total } = await list(`${query}&page=${page}&limit=${limit}`);
        totals.add(total);
        if (!items.length) break;
        pages.push(items.map((p) => p.id));
      }
      return { pages, totals: [...totals] };
    }
    const byId = (a: number, b: number) => a - b;

    it('pages one order: the same on every request, no photo twice, none skipped', async () => {
      const whole = await idsOf('?seed=42');
      expect([...whole].sort(byId)).toEqual(ids);
      expect(await idsOf('?seed=42')).toEqual(whole);
      const { pages, totals } = await allPages('?seed=42', 12);
      expect(totals).toEqual([PHOTOS]);
      expect(pages.map((p) => p.length)).toEqual([12, 12, 12, 4]);
      expect(pages.flat()).toEqual(whole);
      // Asked again, each page is the same.
      expect(await idsOf('?seed=42&page=3&limit=12')).toEqual(pages[2]);
    });

    it('gives another order for another seed, and neither is the newest-first one', async () => {
      const newest = await idsOf('');
      const orders = new Set<string>([newest.join()]);
      for (const seed of [1, 2, 42, 999_999_999]) {
        const order = await idsOf(`?seed=${seed}`);
        expect([...order].sort(byId)).toEqual(ids);
        orders.add(order.join());
      }
      expect(orders.size).toBe(5);
    });

    it('shuffles within a category, paged and counted', async () => {
      const garage = ids.filter((_, i) => i % 4 === 0);
      const whole = await idsOf('?category=garage&seed=7');
      expect([...whole].sort(byId)).toEqual(garage);
      const { pages, totals } = await allPages('?category=garage&seed=7', 4);
      expect(totals).toEqual([garage.length]);
      expect(pages.flat()).toEqual(whole);
      // The category's photos in the order they have in the whole gallery's shuffle of that seed.
      const all = await idsOf('?seed=7');
      expect(whole).toEqual(all.filter((id) => garage.includes(id)));
    });

    it('without a seed, is as before: newest first, the whole list without page or limit', async () => {
      const res = await t.anonymous('GET', '/api/gallery');
      expect(res.json<Photo[]>().map((p) => p.id)).toEqual([...ids].reverse());
    });
  });

  it.each([
    '?seed=0',
    '?seed=-5',
    '?seed=abc',
    '?seed=1.5',
    '?seed=',
    '?seed=1000000000',
    '?seed=99999999999999999999',
    '?seed=7&page=0',
  ])('refuses the bad seed %s with 400 naming it', async (query) => {
    const res = await t.anonymous('GET', `/api/gallery${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/seed|page/);
  });

  it.each(['?page=0', '?page=-1', '?page=abc', '?limit=0', '?limit=101', `?category=${'x'.repeat(201)}`])(
    'refuses the bad query %s with 400',
    async (query) => {
      const res = await t.anonymous('GET', `/api/gallery${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/page|limit|search|category/i);
    },
  );
});

describe('DELETE /api/gallery/{id}', () => {
  it('deletes the photo', async () => {
    const photo = await upload();
    const res = await t.asAdmin('DELETE', `/api/gallery/${photo.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await list()).items.map((p) => p.id)).not.toContain(photo.id);
  });

  it('answers 404 for an unknown id and 400 for malformed ones, deleting nothing', async () => {
    await upload();
    const before = await count();
    const unknown = await t.asAdmin('DELETE', '/api/gallery/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/no photo/i);
    for (const bad of ['abc', '-1', '0']) {
      const res = await t.asAdmin('DELETE', `/api/gallery/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/id/);
    }
    expect(await count()).toBe(before);
  });
});

describe('administration is the admin’s alone', () => {
  it.each(NOT_ADMIN)('refuses upload and delete with %s (401), changing nothing', async (_name, tokenOf) => {
    const photo = await upload();
    const as = t.injectAs(tokenOf(t));
    await expectRefused(
      () => t.db.select().from(galleryPhotos),
      { status: 401 },
      () => as('POST', '/api/gallery/upload', good),
      () => as('DELETE', `/api/gallery/${photo.id}`),
    );
  });
});
