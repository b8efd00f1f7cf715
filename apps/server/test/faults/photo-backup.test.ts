import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GalleryPhoto, photoSources, type ResponsiveImage } from '@clean/shared';
import { afterAll, expect, test } from 'vitest';
import { runCli } from '../support/cli-process';
import { phonePhoto } from '../support/photos';
import { adminToken, startServerProcess } from '../support/server-process';

const work = mkdtempSync(path.join(tmpdir(), 'clean-photo-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dir = (name: string) => path.join(work, name);

const urlsOf = (image: ResponsiveImage) => {
  const { sources, srcset } = photoSources(image);
  return [...sources.map((s) => s.srcset), srcset]
    .flatMap((set) => set.split(', '))
    .map((entry) => entry.split(' ')[0] as string);
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Each encoding's SHA-256, as served, checked against its ETag (the hash of its bytes). */
async function servedHashes(base: string, urls: string[]) {
  const hashes = new Map<string, string>();
  for (const url of urls) {
    const res = await fetch(`${base}${url}`);
    expect(res.status, url).toBe(200);
    const hash = sha256(Buffer.from(await res.arrayBuffer()));
    expect(res.headers.get('etag'), url).toBe(`"${hash}"`);
    hashes.set(url, hash);
  }
  return hashes;
}

test('a backup taken after a photo upload restores the photo, every encoding byte for byte, into a fresh DATA_DIR', async () => {
  const source = dir('source');
  const server = await startServerProcess({ DATA_DIR: source, DEMO_CONTENT: '0' });
  let uploaded: GalleryPhoto;
  let served: Map<string, string>;
  try {
    const form = new FormData();
    form.set('caption', 'Restored kitchen');
    form.set('category', 'Kitchen');
    form.set(
      'image',
      new Blob([new Uint8Array(await phonePhoto(1600, 1200))], { type: 'image/jpeg' }),
      'IMG_0002.JPG',
    );
    const res = await fetch(`${server.url}/api/gallery/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken(server.url)}` },
      body: form,
    });
    expect(res.status).toBe(201);
    uploaded = (await res.json()) as GalleryPhoto;
    served = await servedHashes(server.url, [
      uploaded.image_url,
      ...urlsOf(uploaded.image as ResponsiveImage),
    ]);
    const backup = await runCli('backup', [dir('photo.jsonl.gz')], { DATA_DIR: source });
    expect(backup.code, backup.output).toBe(0);
  } finally {
    expect(await server.stop()).toBe(0);
  }

  const restored = dir('restored');
  const restore = await runCli('restore', [dir('photo.jsonl.gz')], { DATA_DIR: restored });
  expect(restore.code, restore.output).toBe(0);
  const again = await startServerProcess({ DATA_DIR: restored, DEMO_CONTENT: '0' });
  try {
    const gallery = (await (await fetch(`${again.url}/api/gallery`)).json()) as GalleryPhoto[];
    expect(gallery).toEqual([uploaded]);
    const urls = urlsOf(uploaded.image as ResponsiveImage);
    expect(urls).toHaveLength(9);
    // The link (named by the largest JPEG's hash) and every encoding, the very same bytes as before the backup.
    const restoredHashes = await servedHashes(again.url, [uploaded.image_url, ...urls]);
    expect(restoredHashes).toEqual(served);
    expect(new Set(restoredHashes.values()).size).toBe(9);
    expect(restoredHashes.get(uploaded.image_url)).toBe(uploaded.image_url.slice(7, 71));
  } finally {
    expect(await again.stop()).toBe(0);
  }
}, 240_000);
