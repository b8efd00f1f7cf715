import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GalleryPhoto, ResponsiveImage } from '@clean/shared';
import { afterAll, expect, test } from 'vitest';
import { runCli } from '../support/cli-process';
import { phonePhoto } from '../support/photos';
import { adminToken, startServerProcess } from '../support/server-process';

const work = mkdtempSync(path.join(tmpdir(), 'clean-photo-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dir = (name: string) => path.join(work, name);

const urlsOf = (image: ResponsiveImage) =>
  [...image.sources.map((s) => s.srcset), image.srcset]
    .flatMap((set) => set.split(', '))
    .map((entry) => entry.split(' ')[0] as string);

test('a backup taken after a photo upload restores the photo, every encoding byte for byte, into a fresh DATA_DIR', async () => {
  const source = dir('source');
  const server = await startServerProcess({ DATA_DIR: source, DEMO_CONTENT: '0' });
  let uploaded: GalleryPhoto;
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
    for (const url of urls) {
      const res = await fetch(`${again.url}${url}`);
      expect(res.status, url).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      // Content-addressed: the name is the hash of the bytes, so equal hashes mean the very same bytes.
      expect(createHash('sha256').update(bytes).digest('hex'), url).toBe(url.slice(7, 71));
    }
  } finally {
    expect(await again.stop()).toBe(0);
  }
}, 240_000);
