import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SignedInApp } from './harness';

/**
 * Sends requests the API must refuse, one after another: each must answer `status` with an error sentence (matching
 * `error` when given), and what `stored` reads must be the same afterwards. Answers the responses, for more checks.
 */
export async function expectRefused(
  stored: () => Promise<unknown>,
  expected: { status: number; error?: RegExp },
  ...sends: Array<() => Promise<LightMyRequestResponse>>
): Promise<LightMyRequestResponse[]> {
  const before = await stored();
  const responses: LightMyRequestResponse[] = [];
  for (const send of sends) {
    const res = await send();
    expect(res.statusCode, res.body).toBe(expected.status);
    const error = res.json().error;
    expect(error).toBeTruthy();
    if (expected.error) expect(error).toMatch(expected.error);
    responses.push(res);
  }
  expect(await stored()).toEqual(before);
  return responses;
}

/** it.each rows of callers who are not the admin: a name, and their token (read once the app is built). */
export const NOT_ADMIN: Array<[string, (t: SignedInApp) => string | undefined]> = [
  ['no token', () => undefined],
  ['a forged token', (t) => t.forged],
];
