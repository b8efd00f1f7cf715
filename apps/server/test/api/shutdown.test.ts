import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { ADMIN_PASSWORD, memoryMailer, openTestDatabase } from '../support/harness';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'clean-shutdown-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Splits raw HTTP/1.1 responses read from one socket into status and body (all carry Content-Length). */
function responses(raw: string): Array<{ status: number; body: string }> {
  const out: Array<{ status: number; body: string }> = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1')) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    out.push({ status: Number(head.slice(9, 12)), body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

it('while shutting down, finishes the request in flight and answers a new one 503 { error }', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, DEMO_CONTENT: '0', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { database, mailer: memoryMailer().mailer });
  let routed: () => void = () => {};
  const signinRouted = new Promise<void>((resolve) => {
    routed = resolve;
  });
  app.addHook('onRequest', async (request) => {
    if (request.url === '/signin') routed();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as net.AddressInfo;
  // The read asked for during the shutdown is in the public cache: the server's fast path refuses it too.
  const cached = await fetch(`http://127.0.0.1:${address.port}/api/contact-status`);
  expect(cached.status).toBe(200);
  expect(app.publicCache.size).toBeGreaterThan(0);

  const socket = net.connect(address.port, '127.0.0.1');
  await once(socket, 'connect');
  let raw = '';
  socket.on('data', (chunk) => {
    raw += chunk;
  });
  // A sign-in whose body is still arriving: routed, in flight, when the shutdown starts.
  const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
  socket.write(
    `POST /signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await signinRouted;
  const closed = app.close();
  // The rest of the body, and a new request on the same connection after it.
  socket.write(`${body.slice(5)}GET /api/contact-status HTTP/1.1\r\nHost: x\r\n\r\n`);
  await expect.poll(() => responses(raw).length, { timeout: 10_000 }).toBe(2);
  const [first, second] = responses(raw);
  expect(first?.status).toBe(200);
  expect(JSON.parse(first?.body ?? '{}').token).toEqual(expect.any(String));
  expect(second?.status).toBe(503);
  expect(JSON.parse(second?.body ?? '{}')).toEqual({
    error: 'The server is restarting. Please try again in a moment.',
  });
  socket.destroy();
  await closed;
});
