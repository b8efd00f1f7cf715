import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { drainThenClose } from '../../src/lib/shutdown';
import { useTestApp } from '../support/harness';

const t = useTestApp();

it('on SIGTERM, fails /api/health at once, keeps serving (closing each connection) for the drain, then closes', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // In the public cache before the drain: the server's fast path would answer it without Fastify's hooks.
  expect((await fetch(`${base}/api/packages`)).status).toBe(200);
  expect((await fetch(`${base}/api/health`)).status).toBe(200);

  const drain = drainThenClose(t.app, 60_000);
  const health = await fetch(`${base}/api/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({ ok: false, error: 'The server is shutting down.' });
  for (const url of ['/api/packages', '/api/reviews', '/api/site-config']) {
    const res = await fetch(`${base}${url}`);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('connection'), url).toBe('close');
  }
  const booking = await fetch(`${base}/api/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'During Drain', phone_number: '8605550100', town: 'Bristol' }),
  });
  expect(booking.status).toBe(201);

  drain.now();
  await drain.closed;
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
});
