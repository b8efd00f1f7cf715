import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { pushOutbox, pushSubscriptions } from '../../src/db/schema';
import { useTestApp } from '../support/harness';

/**
 * Web Push (issue 20) against a local push endpoint over TLS that keeps every request and decrypts its payload
 * (RFC 8291, with the http_ece library web-push itself builds on): what a booking request and a pending review
 * send, exactly once with two servers, retried after a failure, and a 410 that deletes the subscription.
 */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

// A self-signed certificate for 127.0.0.1, trusted by the app's push agent only.
const certDir = mkdtempSync(path.join(tmpdir(), 'clean-push-tls-'));
execFileSync(
  'openssl',
  [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem')],
    ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
  ],
  { stdio: 'ignore' },
);
const tls = {
  key: readFileSync(path.join(certDir, 'key.pem')),
  cert: readFileSync(path.join(certDir, 'cert.pem')),
};
const pushAgent = new Agent({ ca: tls.cert });

// Fast polling and back-off, so a retry takes milliseconds.
const t = useTestApp(
  {
    push: {
      keys: undefined,
      subject: 'mailto:owner@bristol.test',
      pollMs: 100,
      retryBaseMs: 50,
      retryMaxMs: 200,
      maxAttempts: 10,
    },
  },
  { pushAgent },
);

type Received = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
};
const received: Received[] = [];
/** Answers by path: /gone/… 410, /flaky/… 500 the first time, anything else 201. */
const failedOnce = new Set<string>();
const endpointServer = createServer(tls, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = req.url ?? '';
    received.push({ path: url, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
    if (url.startsWith('/gone/')) res.writeHead(410);
    else if (url.startsWith('/flaky/') && !failedOnce.has(url)) {
      failedOnce.add(url);
      res.writeHead(500);
    } else res.writeHead(201);
    res.end();
  });
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => endpointServer.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(endpointServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => endpointServer.close(resolve));
  rmSync(certDir, { recursive: true, force: true });
});

/** A device: its key pair and auth secret, as a browser's PushManager makes them. */
function device(pathName: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    endpoint: `${origin}${pathName}`,
    subscription: {
      endpoint: `${origin}${pathName}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}
type Device = ReturnType<typeof device>;

const decrypt = (d: Device, body: Buffer) =>
  JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString());

const to = (d: Device) => received.filter((r) => `${origin}${r.path}` === d.endpoint);

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const booking = (name: string) => ({
  name,
  email: 'visitor@example.com',
  phone_number: '8605550199',
  call_or_text: 'text',
  town: 'Bristol',
  description: 'Two bedrooms.',
});

beforeEach(async () => {
  await t.db.delete(pushOutbox);
  await t.db.delete(pushSubscriptions);
  received.length = 0;
});

describe('push notices', () => {
  it('subscribing is for the owner only and takes a well-formed subscription', async () => {
    const phone = device('/sub/one');
    expect((await t.anonymous('GET', '/api/push/key')).statusCode).toBe(401);
    expect((await t.anonymous('POST', '/api/push/subscriptions', phone.subscription)).statusCode).toBe(401);
    const key = (await t.asAdmin('GET', '/api/push/key')).json<{ public_key: string }>().public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    for (const bad of [
      { ...phone.subscription, endpoint: 'ftp://x' },
      { ...phone.subscription, keys: { p256dh: 'not base64!', auth: 'x' } },
      { endpoint: phone.endpoint },
    ]) {
      const res = await t.asAdmin('POST', '/api/push/subscriptions', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
    expect((await t.asAdmin('POST', '/api/push/subscriptions', phone.subscription)).statusCode).toBe(204);
    // The same device again: still one subscription.
    expect((await t.asAdmin('POST', '/api/push/subscriptions', phone.subscription)).statusCode).toBe(204);
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(1);
  });

  it('a booking request reaches the device within 2 s, signed and decryptable, naming only name and town', async () => {
    const phone = device('/sub/phone');
    await t.asAdmin('POST', '/api/push/subscriptions', phone.subscription);
    const key = (await t.asAdmin('GET', '/api/push/key')).json<{ public_key: string }>().public_key;
    const sent = Date.now();
    expect((await t.anonymous('POST', '/api/inquiries', booking('Maria Gonzalez'))).statusCode).toBe(201);
    const [request] = await until(
      () => to(phone),
      (list) => list.length > 0,
    );
    expect(request).toBeDefined();
    if (!request) return;
    expect(request.at - sent).toBeLessThan(2000);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    expect(String(request.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`),
    );
    expect(decrypt(phone, request.body)).toEqual({
      title: 'New booking request',
      body: 'Maria Gonzalez, Bristol',
      url: '/contact-center?tab=manage',
    });

    expect(
      (await t.anonymous('POST', '/api/reviews', { reviewer_name: 'Jane P', rating: 5, comment: 'Great' }))
        .statusCode,
    ).toBe(201);
    const both = await until(
      () => to(phone),
      (list) => list.length === 2,
    );
    expect(decrypt(phone, both[1]?.body ?? Buffer.alloc(0))).toEqual({
      title: 'Review awaiting approval',
      body: 'Jane P',
      url: '/contact-center?tab=manage',
    });
  });

  it('is sent exactly once per device with two servers on one database, and retried after a failure', async () => {
    const phone = device('/sub/a');
    const tablet = device('/flaky/b');
    await t.asAdmin('POST', '/api/push/subscriptions', phone.subscription);
    await t.asAdmin('POST', '/api/push/subscriptions', tablet.subscription);
    const other = await buildApp(t.config, {
      database: t.database,
      databaseUrl: (t.database as { url?: string }).url,
      pushAgent,
    });
    await other.ready();
    try {
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? t.app : other;
        const res = await app.inject({
          method: 'POST',
          url: '/api/inquiries',
          payload: booking(`Lead ${i}`),
        });
        expect(res.statusCode).toBe(201);
      }
      const allSent = await until(
        () => t.db.select().from(pushOutbox),
        (rows) => rows.length === 12 && rows.every((r) => r.sentAt),
        10_000,
      );
      expect(allSent.every((r) => r.sentAt)).toBe(true);
      const bodies = (d: Device, list: Received[]) => list.map((r) => decrypt(d, r.body).body).sort();
      const leads = ['0', '1', '2', '3', '4', '5'].map((i) => `Lead ${i}, Bristol`);
      expect(bodies(phone, to(phone))).toEqual(leads);
      // The tablet's first attempt got a 500; its notice went again, so 7 requests and 6 distinct notices.
      expect(to(tablet)).toHaveLength(7);
      expect(new Set(bodies(tablet, to(tablet)))).toEqual(new Set(leads));
    } finally {
      await other.close();
    }
  });

  it('deletes a subscription its push service calls gone (410), with its pending notices', async () => {
    const old = device('/gone/old');
    const phone = device('/sub/still');
    await t.asAdmin('POST', '/api/push/subscriptions', old.subscription);
    await t.asAdmin('POST', '/api/push/subscriptions', phone.subscription);
    expect((await t.anonymous('POST', '/api/inquiries', booking('Tom Reilly'))).statusCode).toBe(201);
    const left = await until(
      () => t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions),
      (rows) => rows.length === 1,
    );
    expect(left).toEqual([{ endpoint: phone.endpoint }]);
    expect(to(old)).toHaveLength(1);
    await until(
      () => to(phone),
      (list) => list.length === 1,
    );
    expect(await t.db.select({ id: pushOutbox.id }).from(pushOutbox)).toHaveLength(1);
  });
});
