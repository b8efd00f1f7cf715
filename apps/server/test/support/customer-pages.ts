import { DEFAULT_WORKING_HOURS } from '@clean/shared';
import { beforeEach, expect } from 'vitest';
import type { SignedInApp } from './harness';

/**
 * What the customer-link tests share: the customer's pages requested from a client address of each test's own (one
 * test's misses do not spend another's rate-limit budget), the owner's working hours set again before each test,
 * and rows created through the API. `subnet`: the first three parts of the file's addresses.
 */
export function customerPages(t: SignedInApp, subnet: string) {
  let ip = 1;
  let client = `${subnet}.1`;
  beforeEach(async () => {
    client = `${subnet}.${++ip}`;
    expect((await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS)).statusCode).toBe(200);
  });
  return {
    /** This test's client address. */
    get client() {
      return client;
    },
    get: (url: string, from = client) => t.app.inject({ method: 'GET', url, remoteAddress: from }),
    /** A form post from the test's client, as the page's forms send it. */
    post: (url: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: client,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      }),
    async created(url: string, payload: object) {
      const res = await t.asAdmin('POST', url, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>();
    },
  };
}

/** A page's text as a reader sees it: without React's text separators, apostrophes unescaped. */
export const textOf = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");
