import { createHash } from 'node:crypto';
import { type GalleryPhoto, type Package, photoSources, type ResponsiveImage } from '@clean/shared';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryPhotos, photoVariants } from '../../src/db/schema';
import { mediaStore } from '../../src/features/media/store';
import { useTestApp } from '../support/harness';
import { multipartForm, phonePhoto, pixelBomb } from '../support/photos';
import { expectRefused } from '../support/refusals';

const t = useTestApp();

type Form = ReturnType<typeof multipartForm>;
const send = (url: string, form: Form, token: 'admin' | null = 'admin') =>
  (token ? t.asAdmin : t.anonymous)('POST', url, form.payload, { headers: form.headers });
const jpeg = (
  bytes: Buffer,
  fields: Record<string, string> = { caption: 'Kitchen after', category: 'Kitchen' },
) => multipartForm(fields, { bytes, filename: 'IMG_0001.JPG', type: 'image/jpeg' });

/** Every encoding's address in a photo's `<picture>` sources. */
const urlsOf = (image: ResponsiveImage) => {
  const { sources, srcset } = photoSources(image);
  return [...sources.map((s) => s.srcset), srcset]
    .flatMap((set) => set.split(', '))
    .map((entry) => entry.split(' ')[0] as string);
};
const stored = async () => ({
  photos: await t.db.$count(galleryPhotos),
  variants: await t.db.$count(photoVariants),
});

let photo12mp: Buffer;
beforeAll(async () => {
  photo12mp = await phonePhoto(4000, 3000);
  // The test means something only if the source carries a position.
  expect(await exifr.gps(photo12mp)).toEqual({
    latitude: expect.closeTo(51.45, 1),
    longitude: expect.closeTo(-2.6, 1),
  });
});

describe('POST /api/gallery/upload with a photo file', () => {
  let uploaded: GalleryPhoto;
  beforeAll(async () => {
    const started = performance.now();
    const res = await send('/api/gallery/upload', jpeg(photo12mp));
    console.log(
      `12 MP JPEG (${photo12mp.length} bytes) uploaded in ${Math.round(performance.now() - started)} ms`,
    );
    expect(res.statusCode, res.body).toBe(201);
    uploaded = res.json<GalleryPhoto>();
  });

  it('answers the photo with its link and its encodings at 320, 640 and 1280 px in AVIF, WebP and JPEG', () => {
    expect(uploaded).toMatchObject({ caption: 'Kitchen after', category: 'Kitchen', photo_type: null });
    expect(uploaded.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    const id = uploaded.image_url.slice(7, 71);
    expect(uploaded.image).toEqual({ id, width: 1280, height: 960, widths: [320, 640, 1280] });
    // One name per photo: its id, then the width and format of each encoding.
    expect(urlsOf(uploaded.image as ResponsiveImage)).toEqual(
      ['avif', 'webp', 'jpg'].flatMap((ext) => [320, 640, 1280].map((w) => `/media/${id}-${w}.${ext}`)),
    );
  });

  it('serves every encoding with no metadata left: no EXIF, no GPS, no XMP, no IPTC', async () => {
    const sizes: string[] = [];
    for (const url of urlsOf(uploaded.image as ResponsiveImage)) {
      const res = await t.anonymous('GET', url);
      expect(res.statusCode).toBe(200);
      const bytes = res.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc], url).toEqual([undefined, undefined, undefined]);
      expect(bytes.includes('Exif'), url).toBe(false);
      expect(bytes.includes('GPS'), url).toBe(false);
      if (url.endsWith('.jpg')) expect(await exifr.parse(bytes, true)).toBeUndefined();
      const type = { jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' }[url.split('.')[1] as string];
      expect(res.headers['content-type']).toBe(type);
      sizes.push(`${url.slice(72)} ${meta.width}x${meta.height} ${bytes.length} B`);
    }
    console.log(`variants of a 12 MP photo:\n  ${sizes.join('\n  ')}`);
  });

  it('makes the 640 px WebP at most 80 KB', async () => {
    const url = `/media/${(uploaded.image as ResponsiveImage).id}-640.webp`;
    const res = await t.anonymous('GET', url);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    expect(res.rawPayload.length).toBeLessThanOrEqual(80 * 1024);
  });

  it('serves encodings as immutable, with the hash of their bytes as the ETag a revalidation is answered 304 by', async () => {
    const urls = [uploaded.image_url, ...urlsOf(uploaded.image as ResponsiveImage)];
    const etags = new Set<string>();
    for (const url of urls) {
      const res = await t.anonymous('GET', url);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      const etag = String(res.headers.etag);
      expect(etag, url).toBe(`"${createHash('sha256').update(res.rawPayload).digest('hex')}"`);
      etags.add(etag);
      const again = await t.anonymous('GET', url, undefined, { headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    // The link is the largest JPEG, under its own hash: the same bytes as its width-named address.
    expect(etags.size).toBe(9);
    expect(etags).toContain(`"${uploaded.image_url.slice(7, 71)}"`);
    const stale = await t.anonymous('GET', urls[1] as string, undefined, {
      headers: { 'if-none-match': `"${'0'.repeat(64)}"` },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('keeps serving the names of the encodings’ bytes, as srcsets made before the width-named ones link', async () => {
    const rows = await t.db
      .select()
      .from(photoVariants)
      .where(eq(photoVariants.original, (uploaded.image as ResponsiveImage).id));
    expect(rows).toHaveLength(9);
    const ext = { 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg' };
    for (const row of rows) {
      const e = ext[row.contentType as keyof typeof ext];
      const [byHash, byName] = [
        await t.anonymous('GET', `/media/${row.hash}.${e}`),
        await t.anonymous('GET', `/media/${row.original}-${row.width}.${e}`),
      ];
      expect([byHash.statusCode, byName.statusCode]).toEqual([200, 200]);
      expect(byHash.rawPayload.equals(byName.rawPayload)).toBe(true);
      expect(byHash.headers.etag).toBe(byName.headers.etag);
    }
  });

  it('never lets a second upload change what an address serves', async () => {
    const before = await t.anonymous('GET', `/media/${(uploaded.image as ResponsiveImage).id}-320.avif`);
    // The same photo again: the same names, the stored bytes kept.
    const res = await send('/api/gallery/upload', jpeg(photo12mp));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<GalleryPhoto>().image).toEqual(uploaded.image);
    // Even a set encoded otherwise (another sharp version) under the same photo id leaves the stored rows alone.
    const id = (uploaded.image as ResponsiveImage).id;
    const other = Buffer.from('not the same bytes');
    await mediaStore(t.db).save({
      original: id,
      variants: [{ hash: 'f'.repeat(64), contentType: 'image/avif', width: 320, height: 240, bytes: other }],
    });
    const after = await t.anonymous('GET', `/media/${id}-320.avif`);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect((await t.anonymous('GET', `/media/${'f'.repeat(64)}.avif`)).statusCode).toBe(404);
    await t.asAdmin('DELETE', `/api/gallery/${res.json<GalleryPhoto>().id}`);
  });

  it('lists the photo with its encodings in the gallery', async () => {
    const list = (await t.anonymous('GET', '/api/gallery')).json<GalleryPhoto[]>();
    expect(list.find((p) => p.id === uploaded.id)).toEqual(uploaded);
  });

  it('answers 404 for an unknown image and 400 for a name that is no image', async () => {
    expect((await t.anonymous('GET', `/media/${'0'.repeat(64)}.jpg`)).statusCode).toBe(404);
    const wrongType = uploaded.image_url.replace('.jpg', '.webp');
    expect((await t.anonymous('GET', wrongType)).statusCode).toBe(404);
    const id = (uploaded.image as ResponsiveImage).id;
    expect((await t.anonymous('GET', `/media/${id}-800.jpg`)).statusCode).toBe(404);
    expect((await t.anonymous('GET', `/media/${'0'.repeat(64)}-320.jpg`)).statusCode).toBe(404);
    for (const name of [`${id}-0320.jpg`, `${id}-.jpg`, `${id}-320.png`, `${id}-320-640.jpg`]) {
      expect((await t.anonymous('GET', `/media/${name}`)).statusCode, name).toBe(400);
    }
    expect((await t.anonymous('GET', '/media/..%2Fetc%2Fpasswd')).statusCode).toBe(400);
  });
});

describe('photos the server refuses', () => {
  const fake = (text: string, filename: string, type = 'image/jpeg') =>
    multipartForm({ caption: 'x' }, { bytes: Buffer.from(text), filename, type });

  it.each([
    [
      'an SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      'x.svg',
    ],
    ['an SVG named .jpg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'photo.jpg'],
    ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'page.html'],
    ['a script renamed .jpg', '#!/bin/sh\nrm -rf /\n', 'kitchen.jpg'],
    ['a PDF', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF', 'quote.jpg'],
  ])('answers 415 for %s and stores nothing', async (_name, text, filename) => {
    await expectRefused(stored, { status: 415, error: /JPEG, PNG, WebP or AVIF/ }, () =>
      send('/api/gallery/upload', fake(text, filename)),
    );
  });

  it('answers 413 quickly for a pixel bomb, memory flat', async () => {
    const bomb = pixelBomb(20_000);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const [res] = await expectRefused(stored, { status: 413, error: /megapixels/ }, () =>
      send('/api/gallery/upload', multipartForm({}, { bytes: bomb, filename: 'b.png', type: 'image/png' })),
    );
    const ms = performance.now() - started;
    const grown = (process.memoryUsage().rss - rss) / 1024 / 1024;
    console.log(
      `pixel bomb (${bomb.length} bytes, 20000x20000): ${res?.statusCode} in ${Math.round(ms)} ms, RSS +${grown.toFixed(1)} MB`,
    );
  });

  it('answers 413 for a file over 15 MB', async () => {
    const big = Buffer.concat([photo12mp, Buffer.alloc(15 * 1024 * 1024)]);
    await expectRefused(stored, { status: 413, error: /15 MB/ }, () =>
      send('/api/gallery/upload', jpeg(big)),
    );
  });

  it('answers 400 naming the field for a bad caption or category, before any work on the photo', async () => {
    const small = await phonePhoto(400, 300);
    await expectRefused(
      stored,
      { status: 400 },
      () => send('/api/gallery/upload', jpeg(small, { caption: 'x'.repeat(301) })),
      () => send('/api/gallery/upload', jpeg(small, { category: 'Spaceship' })),
      () => send('/api/gallery/upload', multipartForm({ caption: 'no photo' })),
      () =>
        send(
          '/api/gallery/upload',
          multipartForm({}, { bytes: small, filename: 'a.jpg', type: 'image/jpeg', field: 'photo' }),
        ),
      () =>
        send(
          '/api/gallery/upload',
          multipartForm({}, { bytes: small.subarray(0, 200), filename: 'a.jpg', type: 'image/jpeg' }),
        ),
    );
  });

  it('refuses an upload from anyone but the owner', async () => {
    const small = await phonePhoto(400, 300);
    await expectRefused(stored, { status: 401 }, () => send('/api/gallery/upload', jpeg(small), null));
    await expectRefused(stored, { status: 401 }, () => send('/api/media', jpeg(small), null));
  });
});

describe('uploaded photos in use', () => {
  it('turns an upright phone photo the way its EXIF orientation says', async () => {
    const res = await send(
      '/api/media',
      multipartForm({}, { bytes: await phonePhoto(800, 400, 6), filename: 'r.jpg', type: 'image/jpeg' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ image: ResponsiveImage }>().image).toMatchObject({ width: 400, height: 800 });
  });

  it.each([
    ['/api/media', {}],
    ['/api/gallery/upload', { caption: 'A long hallway', category: 'Kitchen' }],
  ])(
    '%s takes a photo taller than WebP holds (100 × 20,000 px), shrunk to fit, every encoding served',
    async (url, fields) => {
      const strip = await sharp({ create: { width: 100, height: 20_000, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      const res = await send(
        url,
        multipartForm(fields, { bytes: strip, filename: 's.png', type: 'image/png' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const { image } = res.json<{ image: ResponsiveImage }>();
      expect(image).toMatchObject({ width: 82, height: 16_383 });
      for (const address of urlsOf(image))
        expect((await t.anonymous('GET', address)).statusCode, address).toBe(200);
    },
  );

  it('never upscales: a 500 px photo is kept at 320 and 500', async () => {
    const png = await sharp({ create: { width: 500, height: 250, channels: 4, background: '#3a7' } })
      .png()
      .toBuffer();
    const res = await send(
      '/api/media',
      multipartForm({}, { bytes: png, filename: 'p.png', type: 'image/png' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<{ image: ResponsiveImage }>().image;
    expect(image).toMatchObject({ width: 500, height: 250, widths: [320, 500] });
    expect(photoSources(image).srcset).toBe(
      `/media/${image.id}-320.jpg 320w, /media/${image.id}-500.jpg 500w`,
    );
  });

  it('deletes a photo’s encodings with it, but not while a package shows the same photo', async () => {
    const res = await send('/api/gallery/upload', jpeg(await phonePhoto(900, 600)));
    const photo = res.json<GalleryPhoto>();
    const pkg = await t.asAdmin('POST', '/api/packages', {
      title: 'Kitchen deep clean',
      amount: 150,
      image_url: photo.image_url,
      description: '',
    });
    expect(pkg.statusCode).toBe(201);
    expect(pkg.json<Package>().image).toEqual(photo.image);
    const listed = (await t.anonymous('GET', '/api/packages')).json<Package[]>();
    expect(listed.find((p) => p.id === pkg.json<Package>().id)?.image).toEqual(photo.image);

    expect((await t.asAdmin('DELETE', `/api/gallery/${photo.id}`)).statusCode).toBe(200);
    expect((await t.anonymous('GET', photo.image_url)).statusCode).toBe(200);

    expect((await t.asAdmin('DELETE', `/api/packages/${pkg.json<Package>().id}`)).statusCode).toBe(200);
    for (const url of urlsOf(photo.image as ResponsiveImage)) {
      expect((await t.anonymous('GET', url)).statusCode, url).toBe(404);
    }
  });

  it('deletes a review’s photo with the review, and with a change of photo, unless the gallery still shows it', async () => {
    const upload = async (width: number) => {
      const res = await send(
        '/api/media',
        multipartForm({}, { bytes: await phonePhoto(width, 400), filename: 'r.jpg', type: 'image/jpeg' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ image_url: string; image: ResponsiveImage }>();
    };
    const gone = async (photo: { image: ResponsiveImage }) => {
      for (const url of urlsOf(photo.image))
        expect((await t.anonymous('GET', url)).statusCode, url).toBe(404);
    };
    const first = await upload(610);
    const second = await upload(620);
    const review = { reviewer_name: 'Ana', rating: 5, comment: 'Spotless' };
    const created = await t.asAdmin('POST', '/api/reviews', { ...review, photo_url: first.image_url });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    // The gallery shows the second photo too: replacing it in the review keeps it.
    const shown = await t.asAdmin('POST', '/api/gallery/upload', {
      image_url: second.image_url,
      category: 'Kitchen',
    });
    expect(shown.statusCode, shown.body).toBe(201);

    expect(
      (await t.asAdmin('PUT', `/api/reviews/${id}`, { ...review, photo_url: second.image_url })).statusCode,
    ).toBe(200);
    await gone(first);
    expect((await t.anonymous('GET', second.image_url)).statusCode).toBe(200);
    expect((await t.asAdmin('DELETE', `/api/reviews/${id}`)).statusCode).toBe(200);
    expect((await t.anonymous('GET', second.image_url)).statusCode).toBe(200);

    expect((await t.asAdmin('DELETE', `/api/gallery/${shown.json<GalleryPhoto>().id}`)).statusCode).toBe(200);
    await gone(second);
  });

  it('the cleanup deletes photos nothing shows once a day old, and keeps those in use or just uploaded', async () => {
    const upload = async (width: number) => {
      const res = await send(
        '/api/media',
        multipartForm({}, { bytes: await phonePhoto(width, 400), filename: 'o.jpg', type: 'image/jpeg' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ image_url: string; image: ResponsiveImage }>();
    };
    const original = (url: string) => /([0-9a-f]{64})\.jpg$/.exec(url)?.[1] as string;
    const age = (photo: { image_url: string }, hours: number) =>
      t.db
        .update(photoVariants)
        .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(photoVariants.original, original(photo.image_url)));
    // Uploaded for forms never saved: two days ago, and an hour ago (the owner may still be typing).
    const abandoned = await upload(630);
    await age(abandoned, 48);
    const recent = await upload(640);
    await age(recent, 1);
    // In use, and as old: a package's photo.
    const used = await upload(650);
    await age(used, 48);
    const pkg = await t.asAdmin('POST', '/api/packages', {
      title: 'Oven clean',
      amount: 90,
      image_url: used.image_url,
      description: '',
    });
    expect(pkg.statusCode).toBe(201);
    const encodings = async (photo: { image_url: string }) =>
      t.db.$count(photoVariants, eq(photoVariants.original, original(photo.image_url)));
    const before = await t.db.$count(photoVariants);
    const [abandonedCount, recentCount, usedCount] = [
      await encodings(abandoned),
      await encodings(recent),
      await encodings(used),
    ];
    expect(abandonedCount).toBe(6); // 320 and 630 px, three formats each

    const cleanup = await t.asAdmin('DELETE', '/api/cleanup_old_records');
    expect(cleanup.statusCode, cleanup.body).toBe(200);
    expect(await encodings(abandoned)).toBe(0);
    expect((await t.anonymous('GET', abandoned.image_url)).statusCode).toBe(404);
    expect(await encodings(recent)).toBe(recentCount);
    expect(await encodings(used)).toBe(usedCount);
    expect((await t.anonymous('GET', used.image_url)).statusCode).toBe(200);
    expect(await t.db.$count(photoVariants)).toBe(before - abandonedCount);
    await t.asAdmin('DELETE', `/api/packages/${pkg.json<{ id: number }>().id}`);
  });

  it('keeps GET /api/packages answering while a 12 MP photo is processed', async () => {
    let done = false;
    const upload = send('/api/gallery/upload', jpeg(photo12mp)).finally(() => {
      done = true;
    });
    const times: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await t.anonymous('GET', '/api/packages');
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await upload).statusCode).toBe(201);
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    console.log(
      `GET /api/packages during a 12 MP upload: ${times.length} requests, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms`,
    );
    expect(times.length).toBeGreaterThan(5);
  });
});
