import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoVariants, visitPhotos } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { multipartForm, phonePhoto } from '../support/photos';
import { expectRefused } from '../support/refusals';
import { addCleaner } from '../support/team';

const t = useTestApp();

let photo: Buffer;
beforeAll(async () => {
  photo = await phonePhoto(1200, 900);
});

const form = (kind: string, bytes = photo) =>
  multipartForm({ kind }, { bytes, filename: 'IMG_0001.JPG', type: 'image/jpeg' });

async function setUp() {
  const ana = await addCleaner(t, { name: 'Ana' });
  const ben = await addCleaner(t, { name: 'Ben' });
  const r = records(t);
  const home = await r.inquiry('Maria Gonzalez');
  const key = `o${await r.cleaning(home, { dateTime: new Date('2026-12-03T14:00:00Z'), cleanerId: ana.id })}`;
  const upload = (as = ana.as, f = form('before'), visit = key) =>
    as('POST', `/api/my/visits/${visit}/photos`, f.payload, { headers: f.headers });
  const rows = () => t.db.select().from(visitPhotos).where(eq(visitPhotos.visitKey, key));
  return { ana, ben, key, upload, rows };
}

/** The bytes a photo's address answered. */
const bytesOf = (res: { rawPayload: Buffer }) => res.rawPayload;

describe('visit photos', () => {
  it('are private: served no-store to the owner and the visit’s cleaner only, never under /media', async () => {
    const { ana, ben, key, upload } = await setUp();
    const res = await upload();
    expect(res.statusCode, res.body).toBe(201);
    const { id, kind, url } = res.json();
    expect(kind).toBe('before');
    expect(url).toBe(`/api/visits/${key}/photos/${id}`);
    for (const who of [ana.as, t.asAdmin]) {
      const got = await who('GET', url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['cache-control']).toBe('no-store');
      // Metadata stripped: the phone's EXIF (GPS) is gone.
      expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    }
    expect((await t.anonymous('GET', url)).statusCode).toBe(401);
    expect((await ben.as('GET', url)).statusCode).toBe(404);
    expect((await ana.as('GET', `/api/visits/${key}/photos/${id + 1000}`)).statusCode).toBe(404);
    // Not in the public photo store: no /media name and no photo_variants row serve it.
    const [row] = await t.db.select().from(visitPhotos).where(eq(visitPhotos.id, id));
    expect(Buffer.from(row?.bytes ?? []).equals(bytesOf(await t.asAdmin('GET', url)))).toBe(true);
    expect(await t.db.$count(photoVariants)).toBe(0);
    for (const name of [`${id}`, `${id}-1200.jpg`, `${id}.jpg`])
      expect((await t.anonymous('GET', `/media/${name}`)).statusCode).not.toBe(200);
  });

  it('refuses another’s visit, a bad kind, no photo and no session, storing nothing', async () => {
    const { ben, upload, rows } = await setUp();
    await expectRefused(rows, { status: 404 }, () => upload(ben.as));
    await expectRefused(rows, { status: 401 }, () => upload(t.anonymous));
    await expectRefused(
      rows,
      { status: 400 },
      () => upload(undefined, form('during')),
      () => upload(undefined, multipartForm({ kind: 'after' })),
    );
    await expectRefused(rows, { status: 415 }, () =>
      upload(
        undefined,
        multipartForm(
          { kind: 'after' },
          { bytes: Buffer.from('<svg/>'), filename: 'a.jpg', type: 'image/jpeg' },
        ),
      ),
    );
  });

  it('the owner lists and keeps them; the cleanup removes the unkept older than 90 days', async () => {
    const { ben, key, upload, rows } = await setUp();
    const kept = (await upload()).json();
    const old = (await upload(undefined, form('after'))).json();
    const fresh = (await upload(undefined, form('after'))).json();
    const list = await t.asAdmin('GET', `/api/visits/${key}/photos`);
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([kept.id, old.id, fresh.id]);
    expect((await ben.as('GET', `/api/visits/${key}/photos`)).statusCode).toBe(403);
    const keep = await t.asAdmin('PATCH', `/api/visits/${key}/photos/${kept.id}`, { keep: true });
    expect(keep.json()).toMatchObject({ id: kept.id, keep: true });
    await expectRefused(rows, { status: 400 }, () =>
      t.asAdmin('PATCH', `/api/visits/${key}/photos/${kept.id}`, { keep: 'yes' }),
    );
    const longAgo = new Date(Date.now() - 91 * 24 * 3_600_000);
    for (const id of [kept.id, old.id])
      await t.db.update(visitPhotos).set({ createdAt: longAgo }).where(eq(visitPhotos.id, id));
    const cleanup = await t.asAdmin('DELETE', '/api/cleanup_old_records');
    expect(cleanup.statusCode, cleanup.body).toBeLessThan(300);
    expect((await rows()).map((r) => r.id).sort()).toEqual([kept.id, fresh.id].sort());
    expect((await t.asAdmin('GET', old.url)).statusCode).toBe(404);
  });
});
