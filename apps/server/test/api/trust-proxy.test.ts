import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';

const WRONG = { username: 'admin', password: 'wrong-guess' };
const PROXY = '10.0.0.2';

/** Statuses of `n` failed sign-ins, each from `remoteAddress` with the given X-Forwarded-For (if any). */
async function signins(t: TestApp, n: number, remoteAddress: string, forwardedFor?: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor(i) } : undefined;
    statuses.push((await t.anonymous('POST', '/signin', WRONG, { remoteAddress, headers })).statusCode);
  }
  return statuses;
}

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 3, publicWrite: 3 } });
  });
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For: a client forging a new address on every attempt keeps one budget', async () => {
    const statuses = await signins(t, 4, '10.0.0.7', (i) => `203.0.113.${i + 1}`);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 3, publicWrite: 3 }, trustProxy: [PROXY] });
  });
  afterAll(() => t?.close());

  it('gives two clients behind the trusted proxy two budgets', async () => {
    expect(await signins(t, 4, PROXY, () => '198.51.100.1')).toEqual([401, 401, 401, 429]);
    // Another visitor through the same proxy is not locked out by the first one's failures.
    expect(await signins(t, 1, PROXY, () => '198.51.100.2')).toEqual([401]);
  });

  it('believes only trusted hops: a forged address prepended by the client does not buy a new budget', async () => {
    // The client sends "X-Forwarded-For: <forged>", the proxy appends the address it saw.
    expect(await signins(t, 4, PROXY, (i) => `192.0.2.${i + 1}, 198.51.100.3`)).toEqual([401, 401, 401, 429]);
  });

  it('ignores the header from an address that is not the proxy', async () => {
    const statuses = await signins(t, 4, '10.0.0.9', (i) => `203.0.113.${i + 10}`);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
