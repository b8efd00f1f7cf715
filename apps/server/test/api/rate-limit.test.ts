import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { auth: 3, publicWrite: 3 } });
});
afterAll(() => t?.close());

it.each([
  ['/signin', { username: 'admin', password: 'wrong-guess' }],
  ['/forgot_password', { username: 'admin' }],
  ['/reset-password', { new_password: 'long-enough-1' }],
])('limits %s per client with a clear 429', async (url, payload) => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await t.anonymous('POST', url, payload, { remoteAddress: '127.0.0.9' });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json().error).toMatch(/Too many attempts\. Please wait/);
  }
  expect(statuses.slice(0, 3)).not.toContain(429);
  expect(statuses[3]).toBe(429);
  // Another client is not affected.
  const other = await t.anonymous('POST', url, payload, { remoteAddress: '127.0.0.10' });
  expect(other.statusCode).not.toBe(429);
});
