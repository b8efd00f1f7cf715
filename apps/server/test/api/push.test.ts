import { createECDH, randomBytes } from 'node:crypto';
import { Agent, createServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { pushOutbox, pushSubscriptions } from '../../src/db/schema';
import { booking } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/**
 * Web Push (docs/product.md#messages-and-the-outbox) against a local push endpoint over TLS that keeps every request
 * and decrypts its payload (RFC 8291, with the http_ece library web-push itself builds on): what a booking request
 * and a pending review send, exactly once with two servers, retried after a failure, and a 410 that deletes the
 * subscription.
 */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

// A self-signed certificate for 127.0.0.1, trusted by the app's push agent only (made in-process: no openssl needed).
const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
  keyType: 'ec',
  curve: 'P-256',
  algorithm: 'sha256',
  notAfterDate: new Date(Date.now() + 86_400_000),
  extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
});
const tls = { key: pems.private, cert: pems.cert };
const pushAgent = new Agent({ ca: tls.cert });

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
// Listening before the app is built: the app is told to allow this endpoint's origin (on a local address).
await new Promise<void>((resolve) => endpointServer.listen(0, '127.0.0.1', resolve));
const origin = `https://127.0.0.1:${(endpointServer.address() as AddressInfo).port}`;
afterAll(async () => {
  await new Promise((resolve) => endpointServer.close(resolve));
});

// Fast polling and back-off, so a retry takes milliseconds.
const t = useTestApp(
  {
    push: {
      ...loadConfig({ PUSH_ALLOW_ENDPOINT_ORIGINS: origin }).push,
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

// A notice goes out after the request that queued it has been answered.
const sending = { timeout: 5_000 };

const bookingBy = (name: string) => ({ ...booking, name });

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
    expect((await t.anonymous('POST', '/api/inquiries', bookingBy('Maria Gonzalez'))).statusCode).toBe(201);
    await expect.poll(() => to(phone), sending).toHaveLength(1);
    const [request] = to(phone);
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
    await expect.poll(() => to(phone), sending).toHaveLength(2);
    const both = to(phone);
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
          payload: bookingBy(`Lead ${i}`),
        });
        expect(res.statusCode).toBe(201);
      }
      await expect
        .poll(async () => (await t.db.select().from(pushOutbox)).map((r) => r.sentAt !== null), {
          timeout: 10_000,
        })
        .toEqual(Array(12).fill(true));
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
    expect((await t.anonymous('POST', '/api/inquiries', bookingBy('Tom Reilly'))).statusCode).toBe(201);
    await expect
      .poll(() => t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions), sending)
      .toEqual([{ endpoint: phone.endpoint }]);
    expect(to(old)).toHaveLength(1);
    await expect.poll(() => to(phone), sending).toHaveLength(1);
    expect(await t.db.select({ id: pushOutbox.id }).from(pushOutbox)).toHaveLength(1);
  });
});

describe('what a subscription may name', () => {
  const valid = () => device('/sub/checked').subscription;
  const p256dh = (bytes: Buffer) => ({
    ...valid(),
    keys: { ...valid().keys, p256dh: bytes.toString('base64url') },
  });
  const auth = (text: string) => ({ ...valid(), keys: { ...valid().keys, auth: text } });
  const port = new URL(origin).port;
  const point = () => Buffer.from(valid().keys.p256dh, 'base64url');

  it.each([
    [
      'plain http (even to the allowed test host)',
      'endpoint',
      { endpoint: `http://127.0.0.1:${port}/sub/x` },
    ],
    ['loopback, another port', 'endpoint', { endpoint: 'https://127.0.0.1:9/sub/x' }],
    ['loopback spelled as a number', 'endpoint', { endpoint: 'https://2130706433/sub/x' }],
    ['IPv6 loopback', 'endpoint', { endpoint: `https://[::1]:${port}/sub/x` }],
    ['IPv4-mapped loopback', 'endpoint', { endpoint: 'https://[::ffff:127.0.0.1]/sub/x' }],
    ['unspecified', 'endpoint', { endpoint: 'https://0.0.0.0/sub/x' }],
    ['IPv6 unspecified', 'endpoint', { endpoint: 'https://[::]/sub/x' }],
    ['private 10/8', 'endpoint', { endpoint: 'https://10.1.2.3/sub/x' }],
    ['private 192.168/16', 'endpoint', { endpoint: 'https://192.168.1.1/sub/x' }],
    ['link-local (cloud metadata)', 'endpoint', { endpoint: 'https://169.254.169.254/latest' }],
    ['IPv6 link-local', 'endpoint', { endpoint: 'https://[fe80::1]/sub/x' }],
    ['IPv6 unique-local', 'endpoint', { endpoint: 'https://[fd12:3456::1]/sub/x' }],
    ['localhost', 'endpoint', { endpoint: 'https://localhost/sub/x' }],
    ['a .localhost name', 'endpoint', { endpoint: 'https://push.localhost./sub/x' }],
    ['a bare intranet name', 'endpoint', { endpoint: 'https://intranet/sub/x' }],
    ['credentials', 'endpoint', { endpoint: 'https://user:secret@fcm.googleapis.com/fcm/send/x' }],
    ['credentials on the allowed origin', 'endpoint', { endpoint: `https://u:p@127.0.0.1:${port}/sub/x` }],
    ['a 4-character p256dh', 'keys.p256dh', p256dh(Buffer.alloc(3, 4))],
    [
      'a 200-character p256dh',
      'keys.p256dh',
      { ...valid(), keys: { ...valid().keys, p256dh: 'B'.repeat(200) } },
    ],
    [
      'a compressed p256dh (33 bytes)',
      'keys.p256dh',
      p256dh(Buffer.concat([Buffer.from([2]), Buffer.alloc(32, 7)])),
    ],
    [
      'a 65-byte p256dh not starting 0x04',
      'keys.p256dh',
      p256dh(Buffer.concat([Buffer.from([5]), point().subarray(1)])),
    ],
    ['a 64-byte p256dh', 'keys.p256dh', p256dh(point().subarray(0, 64))],
    ['a 15-byte auth', 'keys.auth', auth(randomBytes(15).toString('base64url'))],
    ['a 17-byte auth', 'keys.auth', auth(randomBytes(17).toString('base64url'))],
    ['a padded or non-base64url auth', 'keys.auth', auth(`${randomBytes(16).toString('base64')}=`)],
  ] as const)('refuses %s (400 naming %s), storing nothing', async (_kind, field, change) => {
    const res = await t.asAdmin('POST', '/api/push/subscriptions', { ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
    expect(await t.db.$count(pushSubscriptions)).toBe(0);
  });

  it('takes a public push service’s endpoint and a public address', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://8.8.8.8/sub/x',
    ]) {
      const res = await t.asAdmin('POST', '/api/push/subscriptions', { ...valid(), endpoint });
      expect(res.statusCode).toBe(204);
    }
    expect(await t.db.$count(pushSubscriptions)).toBe(3);
  });

  it(`keeps at most 20 subscriptions: a 21st drops the oldest; subscribing again counts as new`, async () => {
    const devices = Array.from({ length: 22 }, (_, i) => device(`/sub/cap-${i}`));
    for (const d of devices.slice(0, 20)) {
      expect((await t.asAdmin('POST', '/api/push/subscriptions', d.subscription)).statusCode).toBe(204);
    }
    const kept = async () =>
      (await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions))
        .map((r) => r.endpoint)
        .sort();
    const names = (ds: Device[]) => ds.map((d) => d.endpoint).sort();
    expect(await kept()).toEqual(names(devices.slice(0, 20)));
    await t.asAdmin('POST', '/api/push/subscriptions', devices[20]?.subscription);
    expect(await kept()).toEqual(names(devices.slice(1, 21)));
    // Device 1 subscribes again (its keys replaced): now device 2 is the oldest.
    await t.asAdmin('POST', '/api/push/subscriptions', devices[1]?.subscription);
    await t.asAdmin('POST', '/api/push/subscriptions', devices[21]?.subscription);
    expect(await kept()).toEqual(names([devices[1], ...devices.slice(3, 22)] as Device[]));
  });
});
