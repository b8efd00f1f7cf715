import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_MAX } from '../../src/lib/compression';
import { useTestApp } from '../support/harness';

/**
 * Over a real socket: an answer the server holds whole leaves compressed with its length (headers and body in one
 * write), so a server killed mid-answer cannot cut one that a proxy has begun to forward (the cluster test's kill
 * -9). Only a body over WHOLE_MAX is streamed (chunked).
 */
const webDist = mkdtempSync(path.join(tmpdir(), 'clean-dist-'));
// The app's shell, which /signin sends: larger than WHOLE_MAX.
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><title>app</title>${'<p>x</p>'.repeat(40_000)}`,
);
const t = useTestApp({ webDist });
let base: string;

beforeAll(async () => {
  for (let i = 0; i < 12; i++) {
    const res = await t.anonymous('POST', '/api/inquiries', {
      name: `Compressed Customer ${i}`,
      phone_number: '8605550100',
      town: 'Bristol',
    });
    expect(res.statusCode).toBe(201);
  }
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const get = (url: string, encoding: string) =>
  fetch(`${base}${url}`, { headers: { authorization: `Bearer ${t.token}`, 'accept-encoding': encoding } });

describe('compressed answers', () => {
  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ])(
    'a hub list in %s carries its length, not chunks, and decodes to the plain answer',
    async (encoding, decode) => {
      const plain = await (await get('/api/inquiries', 'identity')).text();
      expect(plain.length).toBeGreaterThan(1024);
      const res = await get('/api/inquiries', encoding);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('transfer-encoding')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/accept-encoding/);
      // fetch decodes the body itself; the raw bytes are read back through the length the server announced.
      const length = Number(res.headers.get('content-length'));
      expect(length).toBeGreaterThan(0);
      expect(length).toBeLessThan(plain.length);
      const raw = await rawBody(`/api/inquiries`, encoding);
      expect(raw.length).toBe(length);
      expect(decode(raw).toString()).toBe(plain);
    },
  );

  it('a body over WHOLE_MAX is still compressed, as a stream', async () => {
    const res = await get('/signin', 'br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect((await res.text()).length).toBeGreaterThan(WHOLE_MAX);
  });
});

/** The body as sent, not decoded (node:http leaves content-encoding alone). */
function rawBody(url: string, encoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${base}${url}`,
        { headers: { authorization: `Bearer ${t.token}`, 'accept-encoding': encoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
}
